import { createHash } from 'node:crypto'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../support/server'
import { refreshTokens } from '../support/tokens'
import { connect, connectAs, failure, nextEvent, type Connection } from '../integration/services.support'
import { approveDeviceCode, runPortal, startPortal } from './cli.support'

// Issue 23, finding 4: `portal logout` revoked its tokens at the provider but never ended its session on the server,
// so a connection signed in with them (a running `portal tui`, a script) kept receiving the company's events.
describe('portal logout', () => {
  let server: TestServer
  let configDir: string
  let env: Record<string, string>
  let admin: Connection

  beforeAll(async () => {
    server = await startTestServer()
    configDir = await mkdtemp(join(tmpdir(), 'portal-cli-logout-'))
    env = { PORTAL_CONFIG_DIR: configDir }
    admin = await connectAs(server.url, 'admin')
  })
  afterAll(async () => {
    admin?.close()
    await server?.close()
    await rm(configDir, { recursive: true, force: true })
  })

  it('ends the session on the server: open connections are told, hear nothing more and are refused', async () => {
    const login = startPortal(['login', '--server', server.url], env)
    const [, code] = await login.waitForStderr(/one-time code: (\S+)/)
    const [, url] = await login.waitForStderr(/Open (\S+) in a browser/)
    await approveDeviceCode(url, code, 'staff@demo.portal', 'portal-demo')
    expect((await login.done).code).toBe(0)
    const stored = JSON.parse(await readFile(join(configDir, 'portal.json'), 'utf8')) as {
      sessions: Record<string, { idToken: string; refreshToken: string }>
    }
    const { idToken, refreshToken } = stored.sessions[server.url]

    // What a running `portal tui` holds: a socket signed in with the stored identity token.
    const open = await connect(server.url, idToken)
    try {
      const [company] = open.session!.user.klienten_array
      const create = (n: number) =>
        admin.app.service('acc-suppliers').create({ client: company, accounting: 2026, account: 337000 + n, name: `Lieferant ${n} GmbH`, type: 3 })
      const before = nextEvent(open.app, 'acc-suppliers', 'created', 2000)
      await create(1)
      expect(await before).toBeDefined()

      const told = new Promise<boolean>((resolve) => {
        const timer = setTimeout(() => resolve(false), 10_000)
        open.socket.once('authentication ended', () => {
          clearTimeout(timer)
          resolve(true)
        })
      })
      const logout = await runPortal(['logout', '--json'], env)
      expect(logout.code).toBe(0)
      expect(JSON.parse(logout.stdout)).toEqual({ server: server.url, signedOut: true })
      expect(await told).toBe(true)

      const after = nextEvent(open.app, 'acc-suppliers', 'created', 1500)
      await create(2)
      expect(await after).toBeUndefined()
      expect(await failure(open.app.service('accounting-client').find())).toMatchObject({ code: 401 })
      // The server ended this token's session itself (remove /authentication), not only the provider its grant.
      const hash = createHash('sha256').update(idToken).digest('hex')
      expect(await server.knex('revoked_tokens').where({ token_hash: hash }).first()).toBeDefined()
      await expect(refreshTokens(server.url, refreshToken, 'portal-cli')).rejects.toThrow(/invalid_grant/)
    } finally {
      open.close()
    }
  })
})
