import { describe, expect, it } from 'vitest'
import { Configuration, allowInsecureRequests } from 'openid-client'
import { createMemoryStorage } from '../client/storage'
import { callbackParams, completeLogin, startLogin, withoutCallbackParams } from './code-flow'
import { logoutForm } from './logout'
import { PendingLoginStore } from './pending'
import { randomCodeVerifier } from './pkce'

const issuer = 'http://localhost:3030/realms/portal'
const config = new Configuration(
  {
    issuer,
    authorization_endpoint: `${issuer}/protocol/openid-connect/auth`,
    token_endpoint: `${issuer}/protocol/openid-connect/token`,
    end_session_endpoint: `${issuer}/protocol/openid-connect/logout`,
  },
  'portal-web',
)
// The embedded provider of a local set-up speaks plain http, as discoverProvider allows.
allowInsecureRequests(config)

describe('PKCE verifier', () => {
  it('has 96 unreserved characters and differs each time', () => {
    const a = randomCodeVerifier()
    expect(a).toHaveLength(96)
    expect(a).toMatch(/^[A-Za-z0-9\-._~]{96}$/)
    expect(randomCodeVerifier()).not.toBe(a)
  })
})

describe('startLogin', () => {
  it('builds the authorization URL with PKCE S256, state, nonce and fragment mode, and keeps the state', async () => {
    const storage = createMemoryStorage()
    const store = new PendingLoginStore(storage, () => 1_000)
    const url = await startLogin(config, { redirectUri: 'http://localhost:3030/', store, uiLocales: 'de' })
    const params = url.searchParams
    expect(url.origin + url.pathname).toBe(`${issuer}/protocol/openid-connect/auth`)
    expect(params.get('client_id')).toBe('portal-web')
    expect(params.get('response_type')).toBe('code')
    expect(params.get('response_mode')).toBe('fragment')
    expect(params.get('code_challenge_method')).toBe('S256')
    expect(params.get('scope')).toContain('openid')
    expect(params.get('ui_locales')).toBe('de')
    const pending = await store.take(params.get('state')!)
    expect(pending).toMatchObject({ nonce: params.get('nonce'), redirectUri: 'http://localhost:3030/', responseMode: 'fragment' })
    expect(pending!.codeVerifier).toHaveLength(96)
  })
})

describe('pending logins', () => {
  it('are kept 60 minutes and can be taken only once', async () => {
    let now = 0
    const store = new PendingLoginStore(createMemoryStorage(), () => now)
    const pending = { state: 's1', nonce: 'n', codeVerifier: 'v', redirectUri: 'http://x/', responseMode: 'fragment' as const, createdAt: 0 }
    await store.save(pending)
    now = 59 * 60 * 1000
    expect(await store.take('s1')).toEqual(pending)
    expect(await store.take('s1')).toBeUndefined()
    await store.save({ ...pending, state: 's2' })
    now = 61 * 60 * 1000
    expect(await store.take('s2')).toBeUndefined()
  })
})

describe('completeLogin', () => {
  it('ignores an answer whose state matches no pending login', async () => {
    const store = new PendingLoginStore(createMemoryStorage())
    expect(await completeLogin(config, 'http://localhost:3030/#state=unknown&code=abc', { store })).toBeNull()
    expect(await completeLogin(config, 'http://localhost:3030/overview', { store })).toBeNull()
  })

  it('reports a provider error of a pending login', async () => {
    const store = new PendingLoginStore(createMemoryStorage())
    await store.save({ state: 'st', nonce: 'n', codeVerifier: 'v', redirectUri: 'http://localhost:3030/', responseMode: 'fragment', createdAt: Date.now() })
    await expect(completeLogin(config, 'http://localhost:3030/#state=st&error=login_required', { store })).rejects.toMatchObject({
      name: 'LoginResponseError',
      error: 'login_required',
    })
  })
})

describe('callback URLs', () => {
  it('reads the answer from the fragment or the query and clears it afterwards', () => {
    expect(callbackParams('http://x/#state=a&code=b')?.get('code')).toBe('b')
    expect(callbackParams('http://x/?state=a&code=c')?.get('code')).toBe('c')
    expect(callbackParams('http://x/invoices/1')).toBeUndefined()
    expect(withoutCallbackParams('http://x/invoices/1#state=a&code=b')).toBe('http://x/invoices/1')
    expect(withoutCallbackParams('http://x/?state=a&code=b&tab=2')).toBe('http://x/?tab=2')
  })
})

describe('logoutForm', () => {
  it('returns the POST target and fields of RP-initiated logout', () => {
    expect(logoutForm(config, { idTokenHint: 'id.token', postLogoutRedirectUri: 'http://localhost:3030/' })).toEqual({
      url: `${issuer}/protocol/openid-connect/logout`,
      fields: { client_id: 'portal-web', post_logout_redirect_uri: 'http://localhost:3030/', id_token_hint: 'id.token' },
    })
  })
})
