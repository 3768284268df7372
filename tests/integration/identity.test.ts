import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SignJWT, importJWK, generateKeyPair, type JWK } from 'jose'
import { hashPassword } from '../../packages/server/src/oidc/passwords'
import { startTestServer, type TestServer } from '../support/server'
import { SignInError, deviceSignIn, discover, refreshTokens, signIn } from '../support/tokens'
import { CookieJar, pageText, parseForm, request } from '../support/http'
import { connectSdkClient } from '../support/client'

const PASSWORD = 'portal-demo'
const DEMO = ['admin@demo.portal', 'staff@demo.portal', 'client@demo.portal'] as const

let server: TestServer

beforeAll(async () => {
  server = await startTestServer()
})

afterAll(async () => {
  await server?.close()
})

/** A user of our own, so tests that lock or disable accounts leave the demo users alone. */
async function createUser(email: string, options: { enabled?: boolean } = {}): Promise<string> {
  const keycloakId = crypto.randomUUID()
  await server.knex('users').insert({
    keycloak_id: keycloakId,
    username: email.split('@')[0],
    email,
    first_name: 'Test',
    last_name: 'User',
    locale: 'de',
    permissions: ['doc'],
    client_access: 'assigned',
    enabled: options.enabled ?? true,
    password_hash: await hashPassword('right-password'),
  })
  return keycloakId
}

function claims(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8')) as Record<string, unknown>
}

/** Opens the sign-in page of a fresh authorization request and returns the response. */
async function openSignInPage(params: Record<string, string> = {}, headers: Record<string, string> = {}) {
  const discovery = await discover(server.url)
  const authorize = new URL(discovery.authorization_endpoint)
  const query = {
    client_id: 'portal-web',
    redirect_uri: `${server.url}/`,
    response_type: 'code',
    scope: 'openid',
    state: 's',
    nonce: 'n',
    code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    code_challenge_method: 'S256',
    ...params,
  }
  for (const [key, value] of Object.entries(query)) authorize.searchParams.set(key, value)
  const jar = new CookieJar()
  let response = await request(jar, authorize.toString(), { headers })
  while (response.status >= 300 && response.status < 400) {
    response = await request(jar, new URL(response.headers.get('location')!, authorize).toString(), { headers })
  }
  return { response, html: await response.text(), jar }
}

describe('embedded identity provider', () => {
  it('publishes discovery and a public RS256 key set', async () => {
    const discovery = await discover(server.url)
    expect(discovery.issuer).toBe(`${server.url}/realms/portal`)
    expect(discovery.authorization_endpoint).toBe(`${server.url}/realms/portal/protocol/openid-connect/auth`)
    const full = (await (await fetch(`${server.url}/realms/portal/.well-known/openid-configuration`)).json()) as Record<string, unknown>
    expect(full.code_challenge_methods_supported).toEqual(['S256'])
    expect(full.grant_types_supported).toContain('urn:ietf:params:oauth:grant-type:device_code')
    const jwks = (await (await fetch(discovery.jwks_uri)).json()) as { keys: JWK[] }
    expect(jwks.keys.length).toBeGreaterThan(0)
    expect(jwks.keys[0]).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig' })
    expect(jwks.keys[0].d).toBeUndefined()
  })

  it('shows our own bilingual sign-in page that loads nothing from outside', async () => {
    const de = await openSignInPage({ ui_locales: 'de-AT' })
    expect(de.response.status).toBe(200)
    expect(pageText(de.html)).toContain('Bei Ihrem Konto anmelden')
    expect(de.html).toContain('#336699')
    const form = parseForm(de.html, de.response.url)!
    expect(Object.keys(form.fields).sort()).toEqual(['password', 'username'])
    // No external stylesheets, scripts, images or fonts.
    expect(de.html).not.toMatch(/<(link|img|iframe)\b|<script[^>]+src=|@import|url\(/i)
    // And the browser is told so: the page may load nothing and may not be framed.
    expect(de.response.headers.get('content-security-policy')).toContain("default-src 'none'")
    expect(de.response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'")

    const en = await openSignInPage({}, { 'accept-language': 'en-GB,en;q=0.9' })
    expect(pageText(en.html)).toContain('Sign in to your account')
    const byHeader = await openSignInPage({}, { 'accept-language': 'de-DE,de;q=0.9,en;q=0.5' })
    expect(pageText(byHeader.html)).toContain('Bei Ihrem Konto anmelden')
    const byCookie = await openSignInPage({}, { cookie: 'portal-lang=de', 'accept-language': 'en' })
    expect(pageText(byCookie.html)).toContain('Passwort')
  })

  it.each(DEMO)('signs in %s with the code flow and PKCE, and records the last login', async (email) => {
    const tokens = await signIn(server.url, email, PASSWORD)
    const idClaims = claims(tokens.idToken)
    expect(idClaims).toMatchObject({ iss: `${server.url}/realms/portal`, aud: 'portal-web', email })
    expect(tokens.refreshToken).toBeTruthy()
    const user = await server.knex('users').where({ email }).first('keycloak_id', 'last_login')
    expect(idClaims.sub).toBe(user.keycloak_id)
    expect(user.last_login).not.toBeNull()
  })

  it('accepts the username as well as the e-mail address', async () => {
    const tokens = await signIn(server.url, 'ADMIN', PASSWORD)
    expect(claims(tokens.idToken).email).toBe('admin@demo.portal')
  })

  it('refuses a wrong password with a clear message', async () => {
    const error = await signIn(server.url, 'staff@demo.portal', 'wrong').catch((e: unknown) => e)
    expect(error).toBeInstanceOf(SignInError)
    expect((error as SignInError).text).toContain('Invalid username or password.')
    const german = await signIn(server.url, 'nobody@demo.portal', 'wrong', { uiLocales: 'de' }).catch((e: unknown) => e)
    expect((german as SignInError).text).toContain('Ungültiger Benutzername oder ungültiges Passwort.')
  })

  it('refuses a disabled user', async () => {
    await createUser('disabled@test.portal', { enabled: false })
    const error = await signIn(server.url, 'disabled@test.portal', 'right-password').catch((e: unknown) => e)
    expect(error).toBeInstanceOf(SignInError)
    expect((error as SignInError).text).toContain('This account is disabled')
  })

  it('stops refreshing the tokens of a user who was disabled after signing in', async () => {
    await createUser('disabled-after@test.portal')
    const tokens = await signIn(server.url, 'disabled-after@test.portal', 'right-password')
    await server.knex('users').where({ email: 'disabled-after@test.portal' }).update({ enabled: false })
    await expect(refreshTokens(server.url, tokens.refreshToken!)).rejects.toThrow(/invalid_grant/)
  })

  it('slows down and then locks an account after repeated failures', async () => {
    await createUser('brute@test.portal')
    const attempt = (password: string) =>
      signIn(server.url, 'brute@test.portal', password).then(
        () => 'signed in',
        (error: unknown) => (error instanceof SignInError ? error.text : String(error)),
      )
    for (let i = 0; i < 5; i++) expect(await attempt('wrong')).toContain('Invalid username or password.')
    // From the 5th failure on the account must wait, even with the right password.
    expect(await attempt('right-password')).toMatch(/Too many failed sign-ins. Please wait \d+ seconds/)
    let last = ''
    for (let i = 0; i < 4; i++) last = await attempt('wrong')
    expect(last).toContain('Sign-in is locked for 15 minutes')
    expect(await attempt('right-password')).toContain('Sign-in is locked for')
    const user = await server.knex('users').where({ email: 'brute@test.portal' }).first('id')
    const row = await server.knex('login_failures').where({ key: `account:${user.id}` }).first('failures', 'locked_until')
    expect(row.failures).toBeGreaterThanOrEqual(10)
    expect(new Date(row.locked_until).getTime()).toBeGreaterThan(Date.now() + 14 * 60 * 1000)
    // Other accounts are not affected.
    await expect(signIn(server.url, 'client@demo.portal', PASSWORD)).resolves.toBeTruthy()
  })

  it('signs in the CLI with the device flow approved on the provider pages', async () => {
    const tokens = await deviceSignIn(server.url, 'staff@demo.portal', PASSWORD, { headers: { 'accept-language': 'de' } })
    expect(claims(tokens.idToken)).toMatchObject({ aud: 'portal-cli', email: 'staff@demo.portal' })
    expect(tokens.refreshToken).toBeTruthy()
    const refreshed = await refreshTokens(server.url, tokens.refreshToken!, 'portal-cli')
    expect(claims(refreshed.idToken).aud).toBe('portal-cli')
  })

  it('shows the device code page in German and rejects a wrong code', async () => {
    const discovery = await discover(server.url)
    const full = (await (await fetch(`${server.url}/realms/portal/.well-known/openid-configuration`)).json()) as { device_authorization_endpoint: string }
    const started = await fetch(full.device_authorization_endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ client_id: 'portal-cli', scope: 'openid' }),
    })
    const device = (await started.json()) as { verification_uri: string }
    expect(device.verification_uri.startsWith(discovery.issuer)).toBe(true)
    const jar = new CookieJar()
    const page = await request(jar, device.verification_uri, { headers: { 'accept-language': 'de' } })
    const html = await page.text()
    expect(pageText(html)).toContain('Gerät anmelden')
    const form = parseForm(html, page.url)!
    const wrong = await request(jar, form.action, { form: { ...form.fields, user_code: 'BCDF-GHJK' }, headers: { 'accept-language': 'de' } })
    expect(pageText(await wrong.text())).toContain('Der Code ist ungültig oder abgelaufen')
  })

  it('refreshes tokens and rotates the refresh token', async () => {
    const tokens = await signIn(server.url, 'staff@demo.portal', PASSWORD)
    const refreshed = await refreshTokens(server.url, tokens.refreshToken!)
    expect(claims(refreshed.idToken).email).toBe('staff@demo.portal')
    expect(refreshed.refreshToken).not.toBe(tokens.refreshToken)
    // Re-using a rotated refresh token is refused.
    await expect(refreshTokens(server.url, tokens.refreshToken!)).rejects.toThrow(/invalid_grant/)
  })

  it('logs out by POST with id_token_hint: the session and its refresh tokens end', async () => {
    const jar = new CookieJar()
    const tokens = await signIn(server.url, 'client@demo.portal', PASSWORD, { jar })
    const discovery = await discover(server.url)
    const logout = await request(jar, discovery.end_session_endpoint, {
      form: { id_token_hint: tokens.idToken, post_logout_redirect_uri: `${server.url}/`, client_id: 'portal-web' },
    })
    expect(logout.status).toBe(200)
    const html = await logout.text()
    const form = parseForm(html, logout.url)!
    expect(form.fields.logout).toBe('yes')
    const done = await request(jar, form.action, { form: form.fields })
    expect(done.status).toBe(303)
    expect(done.headers.get('location')).toBe(`${server.url}/`)
    await expect(refreshTokens(server.url, tokens.refreshToken!)).rejects.toThrow(/invalid_grant/)
    // The browser session is gone: a new authorization shows the sign-in form again.
    await expect(signIn(server.url, 'client@demo.portal', 'wrong', { jar })).rejects.toBeInstanceOf(SignInError)
  })
})

describe('authentication service over socket.io', () => {
  async function token(claimsSet: Record<string, unknown>, options: { key?: 'real' | 'forged'; expiresIn?: string } = {}) {
    const row = await server.knex('oidc_secrets').where({ name: 'signing-jwks' }).first('value')
    const value = (typeof row.value === 'string' ? JSON.parse(row.value) : row.value) as { keys: JWK[] }
    const jwk = value.keys[0]
    const key = options.key === 'forged' ? (await generateKeyPair('RS256')).privateKey : await importJWK(jwk, 'RS256')
    return new SignJWT(claimsSet)
      .setProtectedHeader({ alg: 'RS256', kid: jwk.kid })
      .setIssuer(server.issuer)
      .setIssuedAt()
      .setExpirationTime(options.expiresIn ?? '5m')
      .sign(key)
  }

  it('creates a session for each demo user with permissions and client companies', async () => {
    const companies = (await server.knex('companies').orderBy('company_no').select('company_no')).map((row) => row.company_no)
    for (const email of DEMO) {
      const tokens = await signIn(server.url, email, PASSWORD)
      const client = await connectSdkClient(server.url)
      try {
        const session = await client.authenticate({ strategy: 'jwt', accessToken: tokens.idToken })
        expect(session.accessToken).toBe(tokens.idToken)
        expect(session.authentication.strategy).toBe('jwt')
        expect(session.user.email).toBe(email)
        expect(session.user.keycloakId).toBe(claims(tokens.idToken).sub)
        expect(['en', 'de']).toContain(session.user.locale)
        if (email === 'admin@demo.portal') {
          expect(session.user.klienten_array).toEqual(companies)
          expect(session.user.permissions_array).toEqual(expect.arrayContaining(['adm', 'kca', 'ove']))
        }
        if (email === 'client@demo.portal') {
          expect(session.user.klienten_array).toHaveLength(1)
          expect([...session.user.permissions_array].sort()).toEqual(['app', 'doc', 'rep'])
        }
        // Later calls on the same socket are authenticated.
        const list = (await client.service('accounting-client').find()) as unknown as unknown[]
        expect(Array.isArray(list) ? list.length : 0).toBe(session.user.klienten_array.length)
      } finally {
        client.close()
      }
    }
  })

  it('keeps the session after a reconnect and ends it on logout', async () => {
    const tokens = await signIn(server.url, 'staff@demo.portal', PASSWORD)
    const client = await connectSdkClient(server.url)
    try {
      await client.authenticate({ strategy: 'jwt', accessToken: tokens.idToken })
      client.socket.io.engine.close()
      await new Promise<void>((resolve) => client.socket.once('connect', () => resolve()))
      await expect(client.service('accounting-client').find()).resolves.toBeTruthy()
      await client.logout()
      await expect(client.service('accounting-client').find()).rejects.toMatchObject({ code: 401 })
    } finally {
      client.close()
    }
  })

  it('refuses expired, forged, wrong-audience, unknown-user and disabled-user tokens with 401', async () => {
    const admin = await server.knex('users').where({ email: 'admin@demo.portal' }).first('keycloak_id')
    const disabledSub = await createUser('disabled-later@test.portal')
    const cases: [string, Promise<string>, string][] = [
      ['expired', token({ sub: admin.keycloak_id, aud: 'portal-web' }, { expiresIn: '-10m' }), 'idp:errors.expiredToken'],
      ['forged', token({ sub: admin.keycloak_id, aud: 'portal-web' }, { key: 'forged' }), 'idp:errors.invalidToken'],
      ['wrong audience', token({ sub: admin.keycloak_id, aud: 'someone-else' }), 'idp:errors.invalidToken'],
      ['unknown user', token({ sub: 'no-such-user', aud: 'portal-web' }), 'idp:errors.unknownUser'],
      ['garbage', Promise.resolve('not-a-jwt'), 'idp:errors.invalidToken'],
    ]
    await server.knex('users').where({ keycloak_id: disabledSub }).update({ enabled: false })
    cases.push(['disabled user', token({ sub: disabledSub, aud: 'portal-cli' }), 'idp:errors.disabledUser'])
    const client = await connectSdkClient(server.url)
    try {
      for (const [name, accessToken, key] of cases) {
        const error = await client.authenticate({ strategy: 'jwt', accessToken: await accessToken }).catch((e: unknown) => e)
        expect(error, name).toMatchObject({ name: 'NotAuthenticated', code: 401, data: { key } })
      }
      // A token signed with the real key for a known user works: the checks above are what refused.
      const good = await client.authenticate({ strategy: 'jwt', accessToken: await token({ sub: admin.keycloak_id, aud: 'portal-cli' }) })
      expect(good.user.email).toBe('admin@demo.portal')
    } finally {
      client.close()
    }
  })

  it("resolves client companies: 'all' minus excluded ones, or only the assigned ones", async () => {
    const companies = (await server.knex('companies').orderBy('company_no').select('company_no')).map((row) => Number(row.company_no))
    const sub = await createUser('all-but-one@test.portal')
    const user = await server.knex('users').where({ keycloak_id: sub }).first('id')
    await server.knex('users').where({ id: user.id }).update({ client_access: 'all' })
    await server.knex('user_clients').insert({ user_id: user.id, company_no: companies[0], mode: 'excluded' })
    const client = await connectSdkClient(server.url)
    try {
      const all = await client.authenticate({ strategy: 'jwt', accessToken: await token({ sub, aud: 'portal-web' }) })
      expect(all.user.klienten_array).toEqual(companies.slice(1))
      await server.knex('users').where({ id: user.id }).update({ client_access: 'assigned' })
      await server.knex('user_clients').insert({ user_id: user.id, company_no: companies[1], mode: 'assigned' })
      // A new token (the session user is cached per token for a few seconds).
      const assigned = await client.authenticate({ strategy: 'jwt', accessToken: await token({ sub, aud: 'portal-cli' }) })
      expect(assigned.user.klienten_array).toEqual([companies[1]])
    } finally {
      client.close()
    }
  })

  it('refuses calls without a session', async () => {
    const client = await connectSdkClient(server.url)
    try {
      await expect(client.service('accounting-client').find()).rejects.toMatchObject({ code: 401 })
    } finally {
      client.close()
    }
  })
})

describe('restart', () => {
  it('keeps keys, sessions and grants when the server restarts on the same data', async () => {
    const first = await startTestServer({ keep: true })
    let second: TestServer | undefined
    try {
      const before = (await (await fetch((await discover(first.url)).jwks_uri)).json()) as { keys: JWK[] }
      const tokens = await signIn(first.url, 'staff@demo.portal', PASSWORD)
      await first.close()
      second = await startTestServer({ dataDir: first.dataDir, databaseSchema: first.databaseSchema, port: first.port, keep: false })
      const after = (await (await fetch((await discover(second.url)).jwks_uri)).json()) as { keys: JWK[] }
      expect(after.keys).toEqual(before.keys)
      // Grants and refresh tokens were kept in the database: the refresh token issued before still works.
      const refreshed = await refreshTokens(second.url, tokens.refreshToken!)
      expect(claims(refreshed.idToken).email).toBe('staff@demo.portal')
      // And the identity token issued before the restart still opens a session.
      const client = await connectSdkClient(second.url)
      try {
        const session = await client.authenticate({ strategy: 'jwt', accessToken: tokens.idToken })
        expect(session.user.email).toBe('staff@demo.portal')
      } finally {
        client.close()
      }
    } finally {
      await second?.close()
    }
  })
})

describe('brute force per address', () => {
  it('locks an address after many failures, whatever the names tried', async () => {
    const own = await startTestServer()
    try {
      let text = ''
      for (let i = 0; i < 40; i++) {
        text = await signIn(own.url, `guess-${i}@nowhere.test`, 'x').then(
          () => 'signed in',
          (error: unknown) => (error instanceof SignInError ? error.text : String(error)),
        )
      }
      expect(text).toContain('Sign-in is locked for')
      const refused = await signIn(own.url, 'admin@demo.portal', PASSWORD).catch((e: unknown) => e)
      expect((refused as SignInError).text).toContain('Sign-in is locked for')
    } finally {
      await own.close()
    }
  })
})
