import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createPortalClient, type PortalClient } from '../../packages/sdk/src/client/index'
import { createMemoryStorage, ACCESS_TOKEN_STORAGE_KEY } from '../../packages/sdk/src/client/index'
import { CookieJar, parseForm, request } from '../support/http'
import { startTestServer, type TestServer } from '../support/server'
import { deviceSignIn, discover, signIn } from '../support/tokens'
import { connect, connectAs, DEMO, DEMO_PASSWORD, failure, nextEvent, type Connection } from './services.support'

// Issue 23, finding 4: logout did not reach the other connections of the same session, and a session revoked at
// the identity provider kept receiving events and answering calls.

const SESSION_ENDED = 'authentication ended'
const QUIET_MS = 1500

let server: TestServer
let admin: Connection
let counter = 0

beforeAll(async () => {
  server = await startTestServer()
  admin = await connectAs(server.url, 'admin')
})
afterAll(async () => {
  admin?.close()
  await server?.close()
})

/** Creates a supplier account of a company as the admin: every connection that may see the company hears it. */
async function companyEvent(companyNo: number): Promise<string> {
  const name = `Lieferant ${++counter} GmbH`
  await admin.app.service('acc-suppliers').create({ client: companyNo, accounting: 2026, account: 338000 + counter, name, type: 3 })
  return name
}

/** Resolves true when the socket is told its session ended, false after `ms`. */
function toldEnded(connection: Connection, ms = 5000): Promise<boolean> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), ms)
    connection.socket.once(SESSION_ENDED, () => {
      clearTimeout(timer)
      resolve(true)
    })
  })
}

/** Whether the connection hears the next company event (an acc-suppliers creation). */
async function hears(connection: Connection, companyNo: number): Promise<boolean> {
  const heard = nextEvent<{ name: string }>(connection.app, 'acc-suppliers', 'created', QUIET_MS)
  const name = await companyEvent(companyNo)
  return (await heard)?.name === name
}

async function revoke(token: string, clientId: string): Promise<void> {
  const discovery = (await discover(server.url)) as unknown as { revocation_endpoint: string }
  const response = await fetch(discovery.revocation_endpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ token, client_id: clientId }),
  })
  expect(response.status).toBe(200)
}

describe('logout on one connection', () => {
  it('ends every connection signed in with the same token at once', async () => {
    const { idToken } = await signIn(server.url, DEMO.client, DEMO_PASSWORD)
    const tab = await connect(server.url, idToken)
    const other = await connect(server.url, idToken)
    // A different sign-in of the same user is another session and stays.
    const elsewhere = await connectAs(server.url, 'client')
    try {
      const [company] = tab.session!.user.klienten_array
      expect(await hears(other, company)).toBe(true)

      const otherTold = toldEnded(other)
      const tabTold = toldEnded(tab, QUIET_MS)
      await (tab.app as unknown as { service(path: string): { remove(id: null): Promise<unknown> } }).service('authentication').remove(null)
      expect(await otherTold).toBe(true)
      // The connection that signed out knows it already.
      expect(await tabTold).toBe(false)

      expect(await hears(other, company)).toBe(false)
      expect(await failure(other.app.service('accounting-client').find())).toMatchObject({ code: 401 })
      expect(await failure(tab.app.service('accounting-client').find())).toMatchObject({ code: 401 })
      // Signing in again with the ended token is refused.
      const again = await connect(server.url)
      try {
        const auth = (again.app as unknown as { service(path: string): { create(data: unknown): Promise<unknown> } }).service('authentication')
        expect(await failure(auth.create({ strategy: 'jwt', accessToken: idToken }))).toMatchObject({ code: 401, data: { key: 'idp:errors.sessionEnded' } })
      } finally {
        again.close()
      }

      expect(await hears(elsewhere, company)).toBe(true)
      // A session of its own is untouched: it still lists its companies.
      expect((await elsewhere.app.service('accounting-client').find()).map((c) => c.company_no)).toContain(company)
    } finally {
      tab.close()
      other.close()
      elsewhere.close()
    }
  })

  it('makes the SDK client drop its token and run the usual 401 flow', async () => {
    const { idToken } = await signIn(server.url, DEMO.staff, DEMO_PASSWORD)
    const storage = createMemoryStorage()
    const client: PortalClient = createPortalClient({ url: server.url, storage })
    const leaving = createPortalClient({ url: server.url })
    try {
      await client.authenticate({ strategy: 'jwt', accessToken: idToken })
      const refused: number[] = []
      client.app.hooks({ error: { all: [async (context) => void refused.push((context.error as { code: number }).code)] } })
      await leaving.authenticate({ strategy: 'jwt', accessToken: idToken })
      await leaving.logout()
      await expect.poll(() => storage.get(ACCESS_TOKEN_STORAGE_KEY), { timeout: 5000 }).toBeNull()
      expect(refused).toContain(401)
    } finally {
      client.close()
      leaving.close()
    }
  })
})

describe('revocation at the identity provider', () => {
  it('ends the open connections of the revoked grant (the CLI revokes its refresh token on logout)', async () => {
    const cli = await deviceSignIn(server.url, DEMO.staff, DEMO_PASSWORD)
    const first = await connect(server.url, cli.idToken)
    const second = await connect(server.url, cli.idToken)
    // The same user in the browser: another grant, untouched.
    const browser = await connectAs(server.url, 'staff')
    try {
      const [company] = first.session!.user.klienten_array
      expect(await hears(first, company)).toBe(true)

      const told = [toldEnded(first), toldEnded(second)]
      await revoke(cli.refreshToken!, 'portal-cli')
      expect(await Promise.all(told)).toEqual([true, true])

      expect(await hears(first, company)).toBe(false)
      expect(await failure(first.app.service('accounting-client').find())).toMatchObject({ code: 401 })
      expect(await failure(second.app.service('accounting-client').find())).toMatchObject({ code: 401 })
      const again = await connect(server.url)
      try {
        const auth = (again.app as unknown as { service(path: string): { create(data: unknown): Promise<unknown> } }).service('authentication')
        expect(await failure(auth.create({ strategy: 'jwt', accessToken: cli.idToken }))).toMatchObject({ code: 401, data: { key: 'idp:errors.sessionEnded' } })
      } finally {
        again.close()
      }
      expect(await hears(browser, company)).toBe(true)
    } finally {
      first.close()
      second.close()
      browser.close()
    }
  })

  it('ends the connections of a browser session logged out at the provider', async () => {
    const jar = new CookieJar()
    const tokens = await signIn(server.url, DEMO.client, DEMO_PASSWORD, { jar })
    const open = await connect(server.url, tokens.idToken)
    try {
      const [company] = open.session!.user.klienten_array
      const told = toldEnded(open)
      const discovery = await discover(server.url)
      const logout = await request(jar, discovery.end_session_endpoint, {
        form: { id_token_hint: tokens.idToken, post_logout_redirect_uri: `${server.url}/`, client_id: 'portal-web' },
      })
      const form = parseForm(await logout.text(), logout.url)!
      expect((await request(jar, form.action, { form: form.fields })).status).toBe(303)
      expect(await told).toBe(true)
      expect(await hears(open, company)).toBe(false)
      expect(await failure(open.app.service('accounting-client').find())).toMatchObject({ code: 401 })
    } finally {
      open.close()
    }
  })
})
