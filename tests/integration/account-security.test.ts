import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { generate } from 'otplib'
import type { AccountSecurityData } from '../../packages/sdk/src/services/index'
import { hashPassword } from '../../packages/server/src/oidc/passwords'
import { startTestServer, type TestServer } from '../support/server'
import { CookieJar, pageText, parseForm, request } from '../support/http'
import { SoftAuthenticator, type SoftAssertion } from '../support/soft-authenticator'
import { deviceSignIn, discover, refreshTokens, signIn, SignInError } from '../support/tokens'
import { connect, connectAs, failure, type Connection } from './services.support'
import { stepUpClock } from '../../packages/server/src/security/step-up'

// Issue 20 on the server and the provider: the authenticator app (set-up, sign-in with a code, a code works once,
// recovery codes once each), passkeys (registered, used as second factor and passwordless, a replayed assertion
// refused), re-authentication before removing a factor, the password change ending other sessions, device activity
// (log out one device: its socket is told at once), the firm's policy walking a user through set-up, and the device
// flow going through the same steps. Real server, provider, database and sockets.

const PASSWORD = 'right-password-1'
let server: TestServer
let counter = 0

beforeAll(async () => {
  server = await startTestServer()
})

afterAll(async () => {
  await server?.close()
})

/** A user of our own (doc only, English unless told), so the demo users stay as they are. */
async function createUser(permissions: string[] = ['doc'], locale = 'en'): Promise<{ email: string; id: string }> {
  const email = `security-${++counter}-${Date.now()}@test.portal`
  const [row] = (await server.knex('users')
    .insert({
      keycloak_id: crypto.randomUUID(),
      username: email.split('@')[0],
      email,
      first_name: 'Sec',
      last_name: `User ${counter}`,
      locale,
      permissions,
      client_access: 'assigned',
      enabled: true,
      password_hash: await hashPassword(PASSWORD),
    })
    .returning('id')) as { id: string }[]
  return { email, id: String(row.id) }
}

async function connectUser(email: string, answers?: Record<string, string>): Promise<Connection> {
  const tokens = await signIn(server.url, email, PASSWORD, { answers })
  return connect(server.url, tokens.idToken)
}

/** The code the app shows for the step after the last one used (a code works once per 30-second step). */
async function codeFor(secret: string, offsetSteps = 0): Promise<string> {
  return generate({ secret, epoch: Math.floor(Date.now() / 1000) + offsetSteps * 30 })
}

/** The step-up: this session proves the password (and the second factor, when the account has one) afresh. */
function stepUp(connection: Connection, proof: { password?: string; code?: string; assertion?: SoftAssertion } = {}) {
  const { password = PASSWORD, ...factor } = proof
  return connection.app.service('account-security').create({ action: 'stepUp', password, ...factor })
}

/** Sets up the authenticator app for a signed-in user (after a step-up with the password); answers the secret and the recovery codes. */
async function setUpTotp(connection: Connection): Promise<{ secret: string; codes: string[] }> {
  await stepUp(connection)
  const begun = await connection.app.service('account-security').create({ action: 'totpBegin' })
  const secret = begun.totpSetup!.secret
  const confirmed = await connection.app.service('account-security').create({ action: 'totpConfirm', code: await codeFor(secret, -1) })
  return { secret, codes: confirmed.recoveryCodes! }
}

/** Opens the sign-in page of a fresh authorization request in a new browser (cookie jar). */
async function openSignIn() {
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
  }
  for (const [key, value] of Object.entries(query)) authorize.searchParams.set(key, value)
  const jar = new CookieJar()
  let response = await request(jar, authorize.toString())
  while (response.status >= 300 && response.status < 400) response = await request(jar, new URL(response.headers.get('location')!, authorize).toString())
  return { jar, html: await response.text() }
}

/** Opens a sign-in and submits the password; answers the page that follows (the second-factor step). */
async function passwordStep(email: string, password = PASSWORD) {
  const { jar, html } = await openSignIn()
  const form = parseForm(html, server.url)!
  const next = await request(jar, form.action, { form: { ...form.fields, username: email, password } })
  return { jar, response: next, html: await next.text() }
}

/** Posts a form of a provider page and answers the status and the page (or the redirect). */
async function submit(jar: CookieJar, html: string, base: string, fields: Record<string, string>) {
  const form = parseForm(html, base)!
  const response = await request(jar, form.action, { method: 'POST', form: { ...form.fields, ...fields } })
  const redirect = response.status >= 300 && response.status < 400
  return { status: response.status, location: response.headers.get('location'), html: redirect ? '' : await response.text() }
}

/** Registers a passkey of the authenticator for the connection's user (its session must have stepped up). */
async function addPasskey(connection: Connection, authenticator: SoftAuthenticator, name: string) {
  const begun = await connection.app.service('account-security').create({ action: 'passkeyBegin' })
  const registration = authenticator.register(begun.registration as { challenge: string })
  await connection.app.service('account-security').create({ action: 'passkeyFinish', name, response: registration })
  return registration
}

function optionsIn(html: string): { challenge: string } {
  const json = /<script type="application\/json" id="webauthn-options">([\s\S]*?)<\/script>/.exec(html)?.[1]
  if (!json) throw new Error('no passkey options on the page')
  return JSON.parse(json) as { challenge: string }
}

function passkeyFormAction(html: string, base: string): string {
  const tag = /<form[^>]*id="passkey-form"[^>]*>/.exec(html)![0]
  return new URL(/action="([^"]+)"/.exec(tag)![1].replace(/&amp;/g, '&'), base).toString()
}

describe('personal information', () => {
  it('answers the data the firm keeps about the user: phone, firm, the clients they may see by name', async () => {
    const user = await createUser()
    await server.knex('users').where({ id: user.id }).update({ tel_nr: '+43 1 234 56 78' })
    const company = (await server.knex('companies').orderBy('company_no').first('company_no', 'company_name')) as { company_no: number; company_name: string }
    await server.knex('user_clients').insert({ user_id: user.id, company_no: company.company_no, mode: 'assigned' })
    const firm = (await server.knex('firms').orderBy('id').first('name')) as { name: string }
    const connection = await connectUser(user.email)
    const { profile } = await connection.app.service('account-security').find()
    expect(profile).toEqual({ phone: '+43 1 234 56 78', firm: firm.name, clients: [{ companyNo: Number(company.company_no), name: company.company_name }] })
    connection.close()
  })
})

describe('authenticator app', () => {
  it('is set up with a code, then asked for at sign-in; a code works once, a recovery code once', async () => {
    const user = await createUser()
    const connection = await connectUser(user.email)
    await stepUp(connection)
    const begun = await connection.app.service('account-security').create({ action: 'totpBegin' })
    expect(begun.totpSetup!.qrSvg).toContain('<svg')
    expect(begun.totpSetup!.uri).toContain('otpauth://totp/')

    // A wrong code: a clear error on the field, nothing set up.
    const wrong = await failure(connection.app.service('account-security').create({ action: 'totpConfirm', code: '000000' }))
    expect(wrong.code).toBe(400)
    expect(wrong.data).toMatchObject({ key: 'security:errors.invalidCode', params: { field: 'code' } })
    expect((await connection.app.service('account-security').find()).totp.enabled).toBe(false)

    const confirmed = await connection.app.service('account-security').create({ action: 'totpConfirm', code: await codeFor(begun.totpSetup!.secret) })
    expect(confirmed.recoveryCodes).toHaveLength(10)
    expect(confirmed.totp).toEqual({ enabled: true, recoveryCodesLeft: 10 })
    const stored = await server.knex('user_totp').where({ user_id: user.id }).first()
    expect(stored.secret_encrypted).not.toContain(begun.totpSetup!.secret)
    const hashes = await server.knex('user_recovery_codes').where({ user_id: user.id }).pluck('code_hash')
    expect(hashes).not.toContain(confirmed.recoveryCodes![0])

    // The password alone now leads to the second-factor page (in English and German the same form).
    const step = await passwordStep(user.email)
    expect(step.response.status).toBe(200)
    expect(pageText(step.html)).toContain('Code from your authenticator app, or a recovery code')

    // The code of the step used at set-up is refused (a code works once); the next one signs in.
    const reused = await submit(step.jar, step.html, server.url, { code: await codeFor(begun.totpSetup!.secret) })
    expect(pageText(reused.html)).toContain('The code is not valid or was already used.')
    const next = await submit(step.jar, reused.html, server.url, { code: await codeFor(begun.totpSetup!.secret, 1) })
    expect(next.status).toBe(303)

    // A recovery code signs in once; the second time it is refused.
    const recovery = confirmed.recoveryCodes![3]
    const tokens = await signIn(server.url, user.email, PASSWORD, { answers: { code: recovery.toLowerCase() } })
    expect(tokens.idToken).toBeTruthy()
    const again = await passwordStep(user.email)
    const refused = await submit(again.jar, again.html, server.url, { code: recovery })
    expect(pageText(refused.html)).toContain('The code is not valid or was already used.')
    expect((await connection.app.service('account-security').find()).totp.recoveryCodesLeft).toBe(9)
    const audit = await server.knex('audit_log').where({ entity_id: user.id }).pluck('action')
    expect(audit).toEqual(expect.arrayContaining(['user.totpEnable', 'user.recoveryUse']))
    connection.close()
  })

  it('counts wrong codes like wrong passwords and makes the user wait', async () => {
    const user = await createUser()
    const connection = await connectUser(user.email)
    await setUpTotp(connection)
    const step = await passwordStep(user.email)
    let page = step.html
    let status = 200
    for (let i = 0; i < 6 && status === 200; i++) {
      const answer = await submit(step.jar, page, server.url, { code: '123456' })
      status = answer.status
      page = answer.html
    }
    expect(status).toBe(429)
    expect(pageText(page)).toMatch(/Please wait \d+ seconds/)
    connection.close()
  })

  it('is removed in a session that proved itself; signing in then needs the password only', async () => {
    const user = await createUser()
    const connection = await connectUser(user.email)
    await setUpTotp(connection)
    const removed = await connection.app.service('account-security').create({ action: 'totpRemove' })
    expect(removed.totp).toEqual({ enabled: false, recoveryCodesLeft: 0 })
    // Signing in needs the password only again.
    expect((await signIn(server.url, user.email, PASSWORD)).idToken).toBeTruthy()
    connection.close()
  })

  it('asks in the account’s own language once the password has told who signs in, refusals included', async () => {
    const user = await createUser(['doc'], 'de')
    const connection = await connectUser(user.email)
    const { secret } = await setUpTotp(connection)
    // The browser asks for English (no cookie, Accept-Language en): the sign-in page is English, the user unknown yet.
    const { jar, html } = await openSignIn()
    expect(pageText(html)).toContain('Sign in')
    const form = parseForm(html, server.url)!
    const afterPassword = await request(jar, form.action, { form: { ...form.fields, username: user.email, password: PASSWORD }, headers: { 'accept-language': 'en' } })
    const verifyPage = await afterPassword.text()
    expect(verifyPage).toContain('<html lang="de"')
    expect(pageText(verifyPage)).toContain('Code aus Ihrer Authenticator-App oder ein Wiederherstellungscode')
    const wrong = await submit(jar, verifyPage, server.url, { code: '000000' })
    expect(pageText(wrong.html)).toContain('Der Code ist ungültig oder wurde schon verwendet.')
    const done = await submit(jar, wrong.html, server.url, { code: await codeFor(secret, 1) })
    expect(done.status).toBe(303)
    // The provider remembers the account's language for the pages that follow in this browser.
    expect(jar.header()).toContain('portal-lang=de')
    connection.close()
  })

  it('the CLI device flow asks for the code on the same pages', async () => {
    const user = await createUser()
    const connection = await connectUser(user.email)
    const { secret } = await setUpTotp(connection)
    await expect(deviceSignIn(server.url, user.email, PASSWORD)).rejects.toThrow()
    const tokens = await deviceSignIn(server.url, user.email, PASSWORD, { answers: { code: await codeFor(secret, 1) } })
    expect(tokens.refreshToken).toBeTruthy()
    connection.close()
  })
})

describe('passkeys', () => {
  it('are registered with names, used as second factor and passwordless; a replayed assertion is refused', async () => {
    const user = await createUser()
    const connection = await connectUser(user.email)
    const authenticator = new SoftAuthenticator(server.url)
    const service = connection.app.service('account-security')
    await stepUp(connection)

    const begun = await service.create({ action: 'passkeyBegin' })
    const registration = authenticator.register(begun.registration as { challenge: string })
    // A nameless passkey is refused and nothing is stored.
    const nameless = await failure(service.create({ action: 'passkeyFinish', name: '   ', response: registration }))
    expect(nameless.data).toMatchObject({ key: 'security:errors.nameRequired', params: { field: 'name' } })
    const added = await service.create({ action: 'passkeyFinish', name: 'Laptop', response: registration })
    expect(added.passkeys.map((passkey) => passkey.name)).toEqual(['Laptop'])
    // The same answer again: the challenge was used up.
    const replayedRegistration = await failure(service.create({ action: 'passkeyFinish', name: 'Again', response: registration }))
    expect(replayedRegistration.data).toMatchObject({ key: 'security:errors.passkeyNoChallenge' })

    const second = await service.create({ action: 'passkeyBegin' })
    const key2 = authenticator.register(second.registration as { challenge: string })
    await service.create({ action: 'passkeyFinish', name: 'YubiKey', response: key2 })
    const renamed = await service.create({ action: 'passkeyRename', id: key2.id, name: 'YubiKey office' })
    expect(renamed.passkeys.map((passkey) => passkey.name)).toEqual(['Laptop', 'YubiKey office'])

    // Second factor after the password.
    const step = await passwordStep(user.email)
    const assertion = authenticator.assert(optionsIn(step.html), registration.id)
    const action = passkeyFormAction(step.html, server.url)
    const used = await request(step.jar, action, { form: { assertion: JSON.stringify(assertion), failed: '' } })
    expect(used.status).toBe(303)
    // The same assertion again (a replay) in a new sign-in is refused.
    const replay = await passwordStep(user.email)
    const replayed = await request(replay.jar, passkeyFormAction(replay.html, server.url), { form: { assertion: JSON.stringify(assertion), failed: '' } })
    expect(replayed.status).toBe(200)
    expect(pageText(await replayed.text())).toContain('This passkey is not registered or could not be verified.')

    // Passwordless from the sign-in page: no name, no password.
    const start = await openSignIn()
    expect(pageText(start.html)).toContain('Sign in with a passkey')
    const passwordless = authenticator.assert(optionsIn(start.html), key2.id)
    const signedIn = await request(start.jar, passkeyFormAction(start.html, server.url), { form: { assertion: JSON.stringify(passwordless), failed: '' } })
    expect(signedIn.status).toBe(303)

    const removed = await service.create({ action: 'passkeyRemove', id: key2.id })
    expect(removed.passkeys.map((passkey) => passkey.name)).toEqual(['Laptop'])
    connection.close()
  })
})

describe('device activity and password', () => {
  it('lists the devices, marks the current one, and logs out another at once', async () => {
    const user = await createUser()
    const first = await connectUser(user.email)
    const otherTokens = await signIn(server.url, user.email, PASSWORD)
    const other = await connect(server.url, otherTokens.idToken)
    const devices = await first.app.service('account-sessions').find()
    expect(devices).toHaveLength(2)
    expect(devices.filter((device) => device.current)).toHaveLength(1)
    const target = devices.find((device) => !device.current)!
    expect(target.kind).toBe('browser')

    // The current device cannot be "logged out" here (that is signing out).
    const own = await failure(first.app.service('account-sessions').remove(devices.find((device) => device.current)!.id))
    expect(own.data).toMatchObject({ key: 'security:errors.currentSession' })

    const ended = new Promise<unknown>((resolve) => other.socket.once('authentication ended', resolve))
    expect(await first.app.service('account-sessions').remove(target.id)).toEqual({ ended: 1 })
    expect(await ended).toMatchObject({ key: 'idp:errors.sessionEnded' })
    expect((await failure(other.app.service('account-security').find())).code).toBe(401)
    await expect(refreshTokens(server.url, otherTokens.refreshToken!)).rejects.toThrow()
    expect(await first.app.service('account-sessions').find()).toHaveLength(1)
    first.close()
    other.close()
  })

  it('changes the password after a step-up and ends the other sessions', async () => {
    const user = await createUser()
    const first = await connectUser(user.email)
    const other = await connectUser(user.email)
    const service = first.app.service('account-security')
    await stepUp(first)
    const short = await failure(service.create({ action: 'passwordChange', newPassword: 'short', repeat: 'short' }))
    expect(short.data).toMatchObject({ params: { field: 'newPassword' } })
    const mismatch = await failure(service.create({ action: 'passwordChange', newPassword: 'a-long-new-password', repeat: 'another-password' }))
    expect(mismatch.data).toMatchObject({ key: 'validation:passwordsMatch', params: { field: 'repeat' } })
    // Nothing changed: the old password still signs in.
    expect((await signIn(server.url, user.email, PASSWORD)).idToken).toBeTruthy()

    const ended = new Promise<unknown>((resolve) => other.socket.once('authentication ended', resolve))
    await service.create({ action: 'passwordChange', newPassword: 'a-long-new-password', repeat: 'a-long-new-password' })
    await ended
    expect((await service.find()).totp.enabled).toBe(false)
    await expect(signIn(server.url, user.email, PASSWORD)).rejects.toBeInstanceOf(SignInError)
    expect((await signIn(server.url, user.email, 'a-long-new-password')).idToken).toBeTruthy()
    first.close()
    other.close()
  })
})

describe('the firm’s policy', () => {
  it('walks a covered user through set-up at the next sign-in; only adm/kca set it', async () => {
    const staff = await connectAs(server.url, 'staff')
    expect((await failure(staff.app.service('second-factor-policy').create({ scopes: ['all'] }))).code).toBe(403)
    const admin = await connectAs(server.url, 'admin')
    const bad = await failure(admin.app.service('second-factor-policy').create({ scopes: ['nope' as 'all'] }))
    expect(bad.code).toBe(400)
    const user = await createUser(['lar'])
    expect(await admin.app.service('second-factor-policy').create({ scopes: ['lar'] })).toEqual({ scopes: ['lar'] })
    try {
      const step = await passwordStep(user.email)
      expect(pageText(step.html)).toContain('Your firm requires a second factor')
      const secret = /id="manual-key">([A-Z2-7]+)</.exec(step.html)![1]
      const wrong = await submit(step.jar, step.html, server.url, { code: '000000' })
      expect(pageText(wrong.html)).toContain('The code is not valid or was already used.')
      expect(wrong.html).toContain(secret)
      const codes = await submit(step.jar, wrong.html, server.url, { code: await codeFor(secret) })
      expect(pageText(codes.html)).toContain('Save your recovery codes')
      expect(codes.html.match(/<li>[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}<\/li>/g)).toHaveLength(10)
      const done = await submit(step.jar, codes.html, server.url, {})
      expect(done.status).toBe(303)
      // From now on the user is asked for the code; removing the only factor is refused while the policy holds.
      const connection = await connectUser(user.email, { code: await codeFor(secret, 1) })
      await stepUp(connection, { code: codes.html.match(/<li>([A-Z0-9-]{14})<\/li>/)![1] })
      const kept = await failure(connection.app.service('account-security').create({ action: 'totpRemove' }))
      expect(kept.data).toMatchObject({ key: 'security:errors.lastFactorRequired' })
      expect((await connection.app.service('account-security').find()).required).toBe(true)
      connection.close()

      // The administrator's reset clears it; the next sign-in walks the user through set-up again.
      await admin.app.service('user-credentials').create({ userId: user.id, reset: 'secondFactor' })
      expect(await server.knex('user_totp').where({ user_id: user.id }).first()).toBeUndefined()
      // Recorded in the user's history: who reset it, for whom.
      const history = await admin.app.service('audit-log').find({ query: { entity: 'user', targetId: user.id } })
      const reset = history.data.find((entry) => entry.action === 'user.resetSecondFactor')
      expect(reset).toMatchObject({ actorName: expect.stringMatching(/\S/), targetLabel: user.email })
      expect(reset!.actorId).not.toBe(user.id)
      const again = await passwordStep(user.email)
      expect(pageText(again.html)).toContain('Your firm requires a second factor')
    } finally {
      await admin.app.service('second-factor-policy').create({ scopes: [] })
      admin.close()
      staff.close()
    }
  })
})

/** A user with the authenticator app and a passkey (set up in a session that stepped up with the password). */
async function userWithFactors() {
  const user = await createUser()
  const setup = await connectUser(user.email)
  const { secret, codes } = await setUpTotp(setup)
  const authenticator = new SoftAuthenticator(server.url)
  const passkey = await addPasskey(setup, authenticator, 'Laptop')
  setup.close()
  return { user, secret, codes, authenticator, passkeyId: passkey.id }
}

const STEP_UP_REQUIRED = { key: 'security:errors.stepUpRequired' }

describe('step-up: sensitive changes need a fresh proof (issue 30, item 6)', () => {
  it('refuses adding a passkey, setting up the authenticator app and changing the password with a session alone', async () => {
    const user = await createUser()
    const connection = await connectUser(user.email)
    const service = connection.app.service('account-security')
    const calls: AccountSecurityData[] = [
      { action: 'passkeyBegin' },
      { action: 'totpBegin' },
      { action: 'passwordChange', newPassword: 'a-long-new-password', repeat: 'a-long-new-password' },
    ]
    for (const data of calls) {
      const refused = await failure(service.create(data))
      expect(refused.code, data.action).toBe(403)
      expect(refused.data, data.action).toMatchObject(STEP_UP_REQUIRED)
      expect(refused.message).toBe('Confirm your password and second factor first')
    }
    // Nothing changed: no authenticator, the old password still signs in.
    expect(await server.knex('user_totp').where({ user_id: user.id }).first()).toBeUndefined()
    expect((await signIn(server.url, user.email, PASSWORD)).idToken).toBeTruthy()
    connection.close()
  })

  it('refuses turning the authenticator off, new recovery codes and adding or removing a passkey in a session that has not proved itself', async () => {
    const { user, secret, passkeyId } = await userWithFactors()
    // A new sign-in of the same user, with password and code: its session has proved nothing yet.
    const connection = await connectUser(user.email, { code: await codeFor(secret) })
    const service = connection.app.service('account-security')
    for (const data of [{ action: 'totpRemove' }, { action: 'recoveryCodes' }, { action: 'passkeyRemove', id: passkeyId }, { action: 'passkeyBegin' }] as AccountSecurityData[]) {
      const refused = await failure(service.create(data))
      expect(refused.code, data.action).toBe(403)
      expect(refused.data, data.action).toMatchObject(STEP_UP_REQUIRED)
    }
    const state = await service.find()
    expect(state.totp).toEqual({ enabled: true, recoveryCodesLeft: 10 })
    expect(state.passkeys.map((passkey) => passkey.name)).toEqual(['Laptop'])
    connection.close()
  })

  it('allows them after the password and a code; the password alone, a wrong password or a wrong code prove nothing', async () => {
    const { user, secret } = await userWithFactors()
    const connection = await connectUser(user.email, { code: await codeFor(secret) })
    const service = connection.app.service('account-security')
    const withoutFactor = await failure(stepUp(connection))
    expect(withoutFactor.data).toMatchObject({ key: 'security:errors.secondFactorRequired', params: { field: 'code' } })
    const wrongPassword = await failure(stepUp(connection, { password: 'not-my-password', code: await codeFor(secret, 1) }))
    expect(wrongPassword.data).toMatchObject({ key: 'security:errors.wrongPassword', params: { field: 'password' } })
    const wrongCode = await failure(stepUp(connection, { code: '000000' }))
    expect(wrongCode.data).toMatchObject({ key: 'security:errors.invalidCode', params: { field: 'code' } })
    expect((await failure(service.create({ action: 'recoveryCodes' }))).data).toMatchObject(STEP_UP_REQUIRED)

    const proved = await stepUp(connection, { code: await codeFor(secret, 1) })
    const until = new Date(proved.stepUpUntil!).getTime()
    expect(until - Date.now()).toBeGreaterThan(4 * 60_000)
    expect(until - Date.now()).toBeLessThanOrEqual(5 * 60_000)
    const renewed = await service.create({ action: 'recoveryCodes' })
    expect(renewed.recoveryCodes).toHaveLength(10)
    await service.create({ action: 'passwordChange', newPassword: 'a-long-new-password', repeat: 'a-long-new-password' })
    expect((await signIn(server.url, user.email, 'a-long-new-password', { answers: { code: renewed.recoveryCodes![0] } })).idToken).toBeTruthy()
    connection.close()
  })

  it('takes a recovery code or a passkey as the second factor of the proof', async () => {
    const { user, codes, authenticator, passkeyId } = await userWithFactors()
    const first = await connectUser(user.email, { code: codes[0] })
    const second = await connectUser(user.email, { code: codes[2] })
    await stepUp(first, { code: codes[1] })
    expect((await first.app.service('account-security').create({ action: 'recoveryCodes' })).recoveryCodes).toHaveLength(10)

    // The other session proves itself with the passkey: the options first, then the assertion with the password.
    const service = second.app.service('account-security')
    const begun = await service.create({ action: 'stepUpBegin' })
    const assertion = authenticator.assert(begun.authentication as { challenge: string }, passkeyId)
    // A wrong password with a good passkey proves nothing, and its challenge is used up.
    expect((await failure(stepUp(second, { password: 'not-my-password', assertion }))).data).toMatchObject({ key: 'security:errors.wrongPassword' })
    expect((await failure(stepUp(second, { assertion }))).data).toMatchObject({ key: 'security:errors.passkeyNotVerified', params: { field: 'assertion' } })
    const again = await service.create({ action: 'stepUpBegin' })
    expect((await stepUp(second, { assertion: authenticator.assert(again.authentication as { challenge: string }, passkeyId) })).stepUpUntil).toBeTruthy()
    expect((await service.create({ action: 'totpRemove' })).totp.enabled).toBe(false)
    first.close()
    second.close()
  })

  it('refuses a proof older than five minutes (the step-up clock moved on)', async () => {
    const user = await createUser()
    const connection = await connectUser(user.email)
    const service = connection.app.service('account-security')
    await stepUp(connection)
    const realNow = stepUpClock.now
    try {
      stepUpClock.now = () => realNow() + 4 * 60_000 + 50_000
      expect((await service.create({ action: 'totpBegin' })).totpSetup).toBeTruthy()
      stepUpClock.now = () => realNow() + 5 * 60_000 + 1_000
      expect((await failure(service.create({ action: 'totpBegin' }))).data).toMatchObject(STEP_UP_REQUIRED)
      // A fresh proof opens it again.
      await stepUp(connection)
      expect((await service.create({ action: 'totpBegin' })).totpSetup).toBeTruthy()
    } finally {
      stepUpClock.now = realNow
    }
    connection.close()
  })

  it('belongs to the session that proved it: another sign-in of the same user proves again', async () => {
    const user = await createUser()
    const first = await connectUser(user.email)
    const second = await connectUser(user.email)
    await stepUp(first)
    expect((await first.app.service('account-security').create({ action: 'passkeyBegin' })).registration).toBeTruthy()
    expect((await failure(second.app.service('account-security').create({ action: 'passkeyBegin' }))).data).toMatchObject(STEP_UP_REQUIRED)
    first.close()
    second.close()
  })

  it('counts wrong proofs like wrong passwords and makes the user wait', async () => {
    const user = await createUser()
    const connection = await connectUser(user.email)
    let refused: Awaited<ReturnType<typeof failure>> | undefined
    for (let i = 0; i < 6; i++) refused = await failure(stepUp(connection, { password: 'wrong-password' }))
    expect(refused!.code).toBe(429)
    expect(refused!.data).toMatchObject({ key: 'security:errors.tooManyAttempts' })
    // Even the right password waits now.
    expect((await failure(stepUp(connection))).code).toBe(429)
    connection.close()
  })
})

describe('an administrator’s password reset (issue 30, item 6)', () => {
  it('ends the sessions and refresh tokens and removes the passkeys, so none signs in alone; the authenticator app stays', async () => {
    const { user, secret, authenticator, passkeyId } = await userWithFactors()
    const tokens = await signIn(server.url, user.email, PASSWORD, { answers: { code: await codeFor(secret) } })
    const connection = await connect(server.url, tokens.idToken)
    await stepUp(connection, { code: await codeFor(secret, 1) })
    const passwordless = async () => {
      const start = await openSignIn()
      const assertion = authenticator.assert(optionsIn(start.html), passkeyId)
      const answer = await request(start.jar, passkeyFormAction(start.html, server.url), { form: { assertion: JSON.stringify(assertion), failed: '' } })
      return { status: answer.status, text: answer.status === 200 ? pageText(await answer.text()) : '' }
    }
    // Before: the passkey signs in alone, without password or code.
    expect((await passwordless()).status).toBe(303)

    const admin = await connectAs(server.url, 'admin')
    const ended = new Promise<unknown>((resolve) => connection.socket.once('authentication ended', resolve))
    await admin.app.service('user-credentials').create({ userId: user.id, reset: 'password' })
    expect(await ended).toMatchObject({ key: 'idp:errors.sessionEnded' })
    await expect(refreshTokens(server.url, tokens.refreshToken!)).rejects.toThrow()
    expect(await server.knex('step_up_grants').where({ user_id: user.id })).toEqual([])

    // After: the passkey is gone and no longer signs in, neither alone nor as a second factor.
    const refused = await passwordless()
    expect(refused.status).toBe(200)
    expect(refused.text).toContain('This passkey is not registered or could not be verified.')
    expect(await server.knex('user_passkeys').where({ user_id: user.id })).toEqual([])
    const summary = ((await server.knex('users').where({ id: user.id }).first('second_factor')) as { second_factor: unknown }).second_factor
    expect(typeof summary === 'string' ? JSON.parse(summary) : summary).toEqual({ methods: ['totp'], passkeys: 0 })
    const history = await admin.app.service('audit-log').find({ query: { entity: 'user', targetId: user.id } })
    expect(history.data.find((entry) => entry.action === 'user.resetPassword')).toMatchObject({ before: { passkeys: ['Laptop'] } })

    // The authenticator app stays: with the new password (set through the one-time link) the code is still asked.
    await server.knex('users').where({ id: user.id }).update({ password_hash: await hashPassword('a-brand-new-password') })
    const step = await passwordStep(user.email, 'a-brand-new-password')
    expect(pageText(step.html)).toContain('Code from your authenticator app, or a recovery code')
    admin.close()
    connection.close()
  })
})
