import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  PendingLoginStore,
  RefreshRejectedError,
  completeLogin,
  discoverProvider,
  logoutForm,
  refreshTokens,
  startDeviceLogin,
  startLogin,
  validateLoginOptions,
} from '../../packages/sdk/src/oidc/index'
import { createMemoryStorage } from '../../packages/sdk/src/client/storage'
import { startTestServer, type TestServer } from '../support/server'
import { approveDevice, browserAuthorize } from '../support/tokens'
import { CookieJar, parseForm, request } from '../support/http'
import { connectSdkClient } from '../support/client'

const PASSWORD = 'portal-demo'
let server: TestServer

beforeAll(async () => {
  server = await startTestServer()
})

afterAll(async () => {
  await server?.close()
})

function email(idToken: string): unknown {
  return (JSON.parse(Buffer.from(idToken.split('.')[1], 'base64url').toString('utf8')) as { email?: unknown }).email
}

describe('SDK OIDC flows against the embedded provider', () => {
  it('signs in with code + PKCE (fragment), refreshes, opens a backend session, and logs out by POST', async () => {
    const options = validateLoginOptions({ url: server.url, realm: 'portal', clientId: 'portal-web' })
    expect(options.issuer).toBe(server.issuer)
    const config = await discoverProvider(options.issuer, options.clientId)
    const store = new PendingLoginStore(createMemoryStorage())
    const redirectUri = `${server.url}/invoices/0`
    const jar = new CookieJar()
    const authorizeUrl = await startLogin(config, { redirectUri, store, responseMode: options.responseMode })
    const callback = await browserAuthorize(authorizeUrl.toString(), redirectUri, 'staff@demo.portal', PASSWORD, { jar })
    expect(new URL(callback).hash).toContain('state=')

    const tokens = await completeLogin(config, callback, { store })
    expect(tokens && email(tokens.idToken)).toBe('staff@demo.portal')
    // The same answer a second time belongs to no pending login any more and is ignored.
    expect(await completeLogin(config, callback, { store })).toBeNull()

    const client = await connectSdkClient(server.url)
    try {
      const session = await client.authenticate({ strategy: 'jwt', accessToken: tokens!.idToken })
      expect(session.user.email).toBe('staff@demo.portal')
    } finally {
      client.close()
    }

    const refreshed = await refreshTokens(config, tokens!.refreshToken!)
    expect(email(refreshed.idToken)).toBe('staff@demo.portal')
    await expect(refreshTokens(config, tokens!.refreshToken!)).rejects.toBeInstanceOf(RefreshRejectedError)

    const form = logoutForm(config, { idTokenHint: refreshed.idToken, postLogoutRedirectUri: `${server.url}/` })
    const page = await request(jar, form.url, { form: form.fields })
    const confirm = parseForm(await page.text(), page.url)!
    const done = await request(jar, confirm.action, { form: confirm.fields })
    expect(done.headers.get('location')).toBe(`${server.url}/`)
    await expect(refreshTokens(config, refreshed.refreshToken!)).rejects.toBeInstanceOf(RefreshRejectedError)
  })

  it('checks an existing browser session silently (prompt=none) and reports login_required without one', async () => {
    const config = await discoverProvider(server.issuer, 'portal-web')
    const store = new PendingLoginStore(createMemoryStorage())
    const redirectUri = `${server.url}/`
    const jar = new CookieJar()
    const first = await startLogin(config, { redirectUri, store })
    await completeLogin(config, await browserAuthorize(first.toString(), redirectUri, 'client@demo.portal', PASSWORD, { jar }), { store })
    // Same browser: no form is shown, the code comes back at once.
    const silent = await startLogin(config, { redirectUri, store, prompt: 'none' })
    const answer = await browserAuthorize(silent.toString(), redirectUri, 'unused', 'unused', { jar })
    const tokens = await completeLogin(config, answer, { store })
    expect(tokens && email(tokens.idToken)).toBe('client@demo.portal')
    // Another browser without a session: login_required.
    const other = await startLogin(config, { redirectUri, store, prompt: 'none' })
    const refused = await browserAuthorize(other.toString(), redirectUri, 'unused', 'unused')
    await expect(completeLogin(config, refused, { store })).rejects.toMatchObject({ name: 'LoginResponseError', error: 'login_required' })
  })

  it('rejects an answer whose identity token carries another nonce', async () => {
    const config = await discoverProvider(server.issuer, 'portal-web')
    const storage = createMemoryStorage()
    const store = new PendingLoginStore(storage)
    const redirectUri = `${server.url}/`
    const authorizeUrl = await startLogin(config, { redirectUri, store, responseMode: 'query' })
    const callback = await browserAuthorize(authorizeUrl.toString(), redirectUri, 'client@demo.portal', PASSWORD)
    // Tamper with the stored nonce, as if the answer belonged to another sign-in.
    const state = new URL(callback).searchParams.get('state')!
    const key = `portal-oidc-state-${state}`
    const pending = JSON.parse(String(storage.get(key))) as Record<string, unknown>
    storage.set(key, JSON.stringify({ ...pending, nonce: 'another-nonce' }))
    await expect(completeLogin(config, callback, { store })).rejects.toMatchObject({ name: 'NonceMismatchError', key: 'errors:login.nonceMismatch' })
  })

  it('signs in the CLI with the device grant, polling until the code is approved', async () => {
    const config = await discoverProvider(server.issuer, 'portal-cli')
    const device = await startDeviceLogin(config)
    expect(device.userCode).toMatch(/^[A-Z]{4}-[A-Z]{4}$/)
    const waiting = device.wait()
    const page = await approveDevice(device.verificationUri, device.userCode, 'admin@demo.portal', PASSWORD)
    // The done page speaks the signed-in account's language (the demo admin's is German), not the browser's.
    expect(page).toContain('Gerät angemeldet')
    const tokens = await waiting
    expect(email(tokens.idToken)).toBe('admin@demo.portal')
    expect(tokens.refreshToken).toBeTruthy()
  })
})
