import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AuditEntry, CreatedUser, User, UserCreate } from '../../packages/sdk/src/services/index'
import { loadSessionUser } from '../../packages/server/src/authentication/session-user'
import { supplierInvoicePdf } from '../../packages/server/src/extraction/test-support'
import { CookieJar, parseForm, request } from '../support/http'
import { uploadFiles, uploadResults } from '../support/session'
import { startTestServer, type TestServer } from '../support/server'
import { startSmtpInbox, type ReceivedMail, type SmtpInbox } from '../support/smtp-inbox'
import { refreshTokens, signIn } from '../support/tokens'
import { connect, connectAs, DEMO, failure, nextEvent, type Connection } from './services.support'

// Issue 13 on the server: users create/edit/enable/disable/delete, the bulk change (previewed, atomic, audited),
// self-lockout refusals, one-time password links by e-mail (an in-process SMTP server receives them), a disabled
// user's open session ending at once, responsibility and the audit log. Real server, provider, sockets and SMTP.

const SESSION_ENDED = 'authentication ended'

let server: TestServer
let inbox: SmtpInbox
let admin: Connection
let staff: Connection
let counter = 0

/** Resolves with the next mail to `to` (they arrive after the call that sends them has answered). */
function mailTo(to: string): Promise<ReceivedMail> {
  return inbox.mailTo(to)
}

function linkIn(text: string): string {
  const link = /https?:\/\/\S+\/password-setup\?token=[A-Za-z0-9_-]+/.exec(text)?.[0]
  if (!link) throw new Error(`no link in: ${text}`)
  return link
}

/** Follows a one-time link like a browser: opens the page, fills both password fields, submits. */
async function setPassword(link: string, password: string, repeat = password): Promise<{ status: number; text: string }> {
  const jar = new CookieJar()
  const page = await request(jar, link)
  const html = await page.text()
  if (page.status !== 200) return { status: page.status, text: html }
  const form = parseForm(html, link)
  if (!form) throw new Error(`no form on the page: ${html}`)
  const answer = await request(jar, form.action, { form: { ...form.fields, password, repeat } })
  return { status: answer.status, text: await answer.text() }
}

async function newUser(extra: Partial<UserCreate> = {}): Promise<CreatedUser> {
  const email = `person-${++counter}@kanzlei.test`
  return admin.app.service('users').create({ email, firstName: 'Erika', lastName: `Muster ${counter}`, permissions: ['doc'], klienten: [1002], ...extra })
}

async function auditOf(userId: string): Promise<AuditEntry[]> {
  return (await admin.app.service('audit-log').find({ query: { targetId: userId, $limit: 100 } })).data
}

beforeAll(async () => {
  inbox = await startSmtpInbox()
  server = await startTestServer({ env: { SMTP_URL: inbox.url, MAIL_FROM: 'portal@kanzlei.test', WORKER_CONCURRENCY: '0' } })
  admin = await connectAs(server.url, 'admin')
  staff = await connectAs(server.url, 'staff')
})
afterAll(async () => {
  admin?.close()
  staff?.close()
  await server?.close()
  await inbox?.close()
})

describe('who may administer users', () => {
  it('refuses every method without a session (401) and without kca or adm (403)', async () => {
    const anonymous = await connect(server.url)
    try {
      const someone = admin.session!.user.keycloakId
      const calls = (app: Connection['app']) => [
        app.service('users').find(),
        app.service('users').create({ email: 'x@kanzlei.test', firstName: 'X', lastName: 'Y' }),
        app.service('users').patch(someone, { permissions: ['doc'] }),
        app.service('users').remove(someone),
        app.service('user-bulk').create({ changes: [{ email: DEMO.client, addPermissions: ['pdf'] }] }),
        app.service('user-credentials').create({ userId: '00000000-0000-4000-8000-000000000000', reset: 'password' }),
        app.service('audit-log').find(),
        app.service('responsibility').find(),
        app.service('responsibility').create({ staffId: null, companyNos: [1002] }),
        app.service('responsibility-staff').find(),
      ]
      // Each refusal is caught as it is made: awaiting them one by one would leave the later ones unhandled meanwhile.
      for (const refusal of await Promise.all(calls(anonymous.app).map(failure))) expect(refusal).toMatchObject({ code: 401 })
      for (const refusal of await Promise.all(calls(staff.app).map(failure))) expect(refusal).toMatchObject({ code: 403 })
    } finally {
      anonymous.close()
    }
  })
})

describe('creating a user and the one-time link', () => {
  it('checks the user form rules and names the field', async () => {
    const empty = await failure(admin.app.service('users').create({ email: 'new@kanzlei.test', firstName: ' ', lastName: 'Muster' }))
    expect(empty).toMatchObject({ code: 400, data: { key: 'validation:notEmpty', params: { field: 'firstName' } } })
    const badMail = await failure(admin.app.service('users').create({ email: 'not-an-address', firstName: 'A', lastName: 'B' }))
    expect(badMail).toMatchObject({ code: 400, data: { key: 'validation:email', params: { field: 'email' } } })
    const taken = await failure(admin.app.service('users').create({ email: DEMO.staff.toUpperCase(), firstName: 'A', lastName: 'B' }))
    expect(taken).toMatchObject({ code: 400, data: { key: 'users:rule.emailTaken', params: { field: 'email' } } })
    const code = await failure(admin.app.service('users').create({ email: 'code@kanzlei.test', firstName: 'A', lastName: 'B', permissions: ['zzz'] }))
    expect(code).toMatchObject({ code: 400, data: { key: 'users:rule.unknownPermission', params: { code: 'zzz', field: 'permissions' } } })
    expect((await admin.app.service('users').find({ query: { search: 'code@kanzlei.test' } })).total).toBe(0)
  })

  it('mails a link that sets the password once; the user then signs in', async () => {
    const created = await newUser()
    expect(created.setup).toMatchObject({ delivery: 'mail' })
    expect(created.setup.link).toBeUndefined()
    const mail = await mailTo(created.email)
    // New users get German texts unless created with another language.
    expect(mail.subject).toBe('Legen Sie Ihr Portal-Passwort fest')
    const link = linkIn(mail.text)

    const mismatch = await setPassword(link, 'a-long-password-1', 'a-long-password-2')
    expect(mismatch.status).toBe(400)
    expect(mismatch.text).toMatch(/passwords do not match|Passwörter stimmen nicht überein/)
    expect((await setPassword(link, 'a-long-password-1')).text).toMatch(/password is set|Passwort ist festgelegt/)
    // Used up: the same link cannot set another password.
    expect((await setPassword(link, 'another-password-2')).status).toBe(404)

    const tokens = await signIn(server.url, created.email, 'a-long-password-1')
    const session = await connect(server.url, tokens.idToken)
    try {
      expect(session.session!.user.klienten_array).toEqual([1002])
    } finally {
      session.close()
    }
    const actions = (await auditOf(created.id)).map((entry) => entry.action)
    expect(actions).toEqual(['user.setPassword', 'user.create'])
  })

  it('answers the link once to the administrator when the mail cannot be sent', async () => {
    const offline = await startTestServer({ env: { SMTP_URL: 'smtp://127.0.0.1:9', LOG_LEVEL: 'silent' } })
    const offlineAdmin = await connectAs(offline.url, 'admin')
    try {
      const created = await offlineAdmin.app.service('users').create({ email: 'linked@kanzlei.test', firstName: 'Link', lastName: 'Person' })
      expect(created.setup.delivery).toBe('link')
      expect((await setPassword(created.setup.link!, 'linked-password-1')).text).toMatch(/password is set|Passwort ist festgelegt/)
      await signIn(offline.url, 'linked@kanzlei.test', 'linked-password-1')
      // The link is not part of the user as anyone else reads it.
      expect(JSON.stringify(await offlineAdmin.app.service('users').get(created.id))).not.toContain('token')
    } finally {
      offlineAdmin.close()
      await offline.close()
    }
  })

  it('resets a password: the old one stops working, sessions end, a new link arrives', async () => {
    const created = await newUser()
    await setPassword(linkIn((await mailTo(created.email)).text), 'first-password-1')
    const tokens = await signIn(server.url, created.email, 'first-password-1')
    const open = await connect(server.url, tokens.idToken)
    try {
      const told = new Promise<boolean>((resolve) => open.socket.once(SESSION_ENDED, () => resolve(true)))
      const reset = await admin.app.service('user-credentials').create({ userId: created.id, reset: 'password' })
      expect(reset.setup).toMatchObject({ delivery: 'mail' })
      expect(await told).toBe(true)
      await expect(signIn(server.url, created.email, 'first-password-1')).rejects.toThrow()
      await setPassword(linkIn((await mailTo(created.email)).text), 'second-password-2')
      await signIn(server.url, created.email, 'second-password-2')
      await admin.app.service('user-credentials').create({ userId: created.id, reset: 'secondFactor' })
      const actions = (await auditOf(created.id)).map((entry) => entry.action)
      expect(actions.slice(0, 3)).toEqual(['user.resetSecondFactor', 'user.setPassword', 'user.resetPassword'])
    } finally {
      open.close()
    }
  })
})

describe('disabling ends open sessions at once', () => {
  it('tells the open socket, refuses its calls and refreshes, refuses sign-in; re-enabling restores access', async () => {
    const created = await newUser()
    await setPassword(linkIn((await mailTo(created.email)).text), 'enabled-password-1')
    const tokens = await signIn(server.url, created.email, 'enabled-password-1')
    const open = await connect(server.url, tokens.idToken)
    try {
      expect(await open.app.service('accounting-client').find()).toHaveLength(1)
      const told = new Promise<boolean>((resolve) => open.socket.once(SESSION_ENDED, () => resolve(true)))
      const disabled = await admin.app.service('users').patch(created.id, { enabled: false })
      expect(disabled.enabled).toBe(false)
      expect(await told).toBe(true)
      expect(await failure(open.app.service('accounting-client').find())).toMatchObject({ code: 401 })
      await expect(refreshTokens(server.url, tokens.refreshToken!)).rejects.toThrow()
      await expect(signIn(server.url, created.email, 'enabled-password-1')).rejects.toThrow()

      await admin.app.service('users').patch(created.id, { enabled: true })
      const again = await signIn(server.url, created.email, 'enabled-password-1')
      const back = await connect(server.url, again.idToken)
      expect(await back.app.service('accounting-client').find()).toHaveLength(1)
      back.close()
      const entries = await auditOf(created.id)
      expect(entries.slice(0, 2).map((entry) => [entry.action, entry.after])).toEqual([
        ['user.enable', { enabled: true }],
        ['user.disable', { enabled: false }],
      ])
      expect(entries[0].actorName).toBeTruthy()
      expect(entries[0].targetLabel).toBe(created.email)
    } finally {
      open.close()
    }
  })
})

describe('self-lockout', () => {
  it('refuses an administrator removing their own kca, disabling or deleting themselves', async () => {
    const me = admin.session!.user
    const own = await admin.app.service('users').get(me.keycloakId)
    const withoutKca = own.permissions.filter((code) => code !== 'kca')
    expect(await failure(admin.app.service('users').patch(me.keycloakId, { permissions: withoutKca }))).toMatchObject({
      code: 400,
      data: { key: 'users:rule.selfRemoveKca' },
    })
    expect(await failure(admin.app.service('users').patch(me.keycloakId, { enabled: false }))).toMatchObject({ code: 400, data: { key: 'users:rule.selfDisable' } })
    expect(await failure(admin.app.service('users').remove(me.keycloakId))).toMatchObject({ code: 400, data: { key: 'users:rule.selfDelete' } })
    const bulk = await admin.app.service('user-bulk').create({ changes: [{ email: me.email, removePermissions: ['kca'], enabled: false }], dryRun: true })
    expect(bulk.errors.map((error) => error.message.key)).toEqual(['users:rule.selfRemoveKca', 'users:rule.selfDisable'])
    expect((await admin.app.service('users').get(me.keycloakId)).permissions).toContain('kca')
  })
})

describe('bulk changes', () => {
  it('previews who gains and loses what, then applies all in one go; the users hear it live', async () => {
    const people = [await newUser(), await newUser(), await newUser()]
    await setPassword(linkIn((await mailTo(people[0].email)).text), 'bulk-password-1')
    const changes = people.map((person) => ({ email: person.email.toUpperCase(), addPermissions: ['rep'], removePermissions: ['doc'], addClients: [1003] }))
    const preview = await admin.app.service('user-bulk').create({ changes, dryRun: true })
    expect(preview).toMatchObject({ dryRun: true, applied: false, errors: [], unchanged: 0 })
    expect(preview.diffs.map((diff) => [diff.email, diff.permissions, diff.klienten])).toEqual(
      people.map((person) => [person.email, { added: ['rep'], removed: ['doc'] }, { added: [1003], removed: [] }]),
    )
    expect((await admin.app.service('users').get(people[0].id)).permissions).toEqual(['doc'])

    const own = await connect(server.url, (await signIn(server.url, people[0].email, 'bulk-password-1')).idToken)
    const heard = nextEvent<User>(own.app, 'users', 'patched', 5000)
    const applied = await admin.app.service('user-bulk').create({ changes })
    expect(applied).toMatchObject({ dryRun: false, applied: true, errors: [] })
    for (const person of people) {
      const now = await admin.app.service('users').get(person.id)
      expect([now.permissions, now.klienten]).toEqual([['rep'], [1002, 1003]])
    }
    // The user's own session hears the change (the web's menu follows it).
    expect((await heard)?.permissions).toEqual(['rep'])
    own.close()
    const [entry] = await auditOf(people[1].id)
    expect(entry).toMatchObject({ action: 'user.update', before: { permissions: ['doc'], klienten: [1002] }, after: { permissions: ['rep'], klienten: [1002, 1003] } })

    const again = await admin.app.service('user-bulk').create({ changes })
    expect(again).toMatchObject({ diffs: [], unchanged: 3 })
  })

  it('refuses the whole list when one row breaks a rule, naming every bad row, and changes nothing', async () => {
    const people = [await newUser(), await newUser(), await newUser()]
    const changes = [
      { email: people[0].email, addPermissions: ['rep'] },
      { email: people[1].email, addPermissions: ['xyz'], addClients: [987654] },
      { email: 'nobody@kanzlei.test', enabled: false },
      { email: people[2].email, enabled: false },
    ]
    const preview = await admin.app.service('user-bulk').create({ changes, dryRun: true })
    expect(preview.errors.map((error) => [error.row, error.field, error.message.key])).toEqual([
      [1, 'addPermissions', 'users:rule.unknownPermission'],
      [1, 'addClients', 'users:rule.unknownClient'],
      [2, 'email', 'users:rule.unknownUser'],
    ])
    const refused = (await failure(admin.app.service('user-bulk').create({ changes }))) as Awaited<ReturnType<typeof failure>> & {
      data: { rows: { row: number }[] }
    }
    expect(refused).toMatchObject({ code: 400, data: { key: 'users:bulk.invalid', params: { count: 3 } } })
    expect(refused.data.rows.map((row) => row.row)).toEqual([1, 1, 2])
    expect((await admin.app.service('users').get(people[0].id)).permissions).toEqual(['doc'])
    expect((await admin.app.service('users').get(people[2].id)).enabled).toBe(true)
    expect((await auditOf(people[0].id)).map((entry) => entry.action)).toEqual(['user.create'])
  })
})

describe('users list filters', () => {
  it('filters by permission, client and enabled state', async () => {
    const person = await newUser({ permissions: ['pdf'], klienten: [1004] })
    const byPermission = await admin.app.service('users').find({ query: { permission: 'pdf', $limit: 500 } })
    expect(byPermission.data.map((user) => user.email)).toContain(person.email)
    expect(byPermission.data.every((user) => user.permissions.includes('pdf'))).toBe(true)
    const byClient = await admin.app.service('users').find({ query: { client: 1004, $limit: 500 } })
    expect(byClient.data.map((user) => user.email)).toEqual(expect.arrayContaining([person.email, DEMO.admin]))
    expect(byClient.data.map((user) => user.email)).not.toContain(DEMO.client)
    await admin.app.service('users').patch(person.id, { enabled: false })
    const disabled = await admin.app.service('users').find({ query: { enabled: false, $limit: 500 } })
    expect(disabled.data.map((user) => user.email)).toContain(person.email)
    expect(disabled.data.every((user) => !user.enabled)).toBe(true)
  })
})

describe('deleting a user', () => {
  it('is refused while an import of theirs is in progress, then deletes and keeps the audit', async () => {
    const person = await newUser()
    await setPassword(linkIn((await mailTo(person.email)).text), 'import-password-1')
    const { idToken } = await signIn(server.url, person.email, 'import-password-1')
    // This server runs no extraction workers, so the upload's extraction job stays queued: an import in progress.
    const [uploaded] = await uploadResults(await uploadFiles(server.url, idToken, 1002, [{ name: 'import.pdf', bytes: await supplierInvoicePdf('UA-1', '120,00') }]))
    expect(uploaded.status).toBe('uploaded')
    expect(await failure(admin.app.service('users').remove(person.id))).toMatchObject({ code: 409, data: { key: 'errors:user.deleteBlockedByImport' } })
    expect(await admin.app.service('users').get(person.id)).toMatchObject({ email: person.email })

    // The import ends (as the worker would mark it).
    await server.knex('jobs').where({ state: 'queued' }).update({ state: 'done', finished_at: new Date() })
    const removed = await admin.app.service('users').remove(person.id)
    expect(removed.email).toBe(person.email)
    expect(await failure(admin.app.service('users').get(person.id))).toMatchObject({ code: 404 })
    const [entry] = await auditOf(person.id)
    expect(entry).toMatchObject({ action: 'user.delete', targetLabel: person.email, before: { email: person.email } })
    // The audit log is append-only.
    await expect(server.knex('audit_log').where({ id: entry.id }).delete()).rejects.toThrow(/append-only/)
  })
})

describe('responsibility', () => {
  it('assigns, filters by staff member, reassigns a colleague’s companies in bulk, and audits it', async () => {
    const staffUser = (await admin.app.service('users').get(staff.session!.user.keycloakId)).id
    const adminUser = (await admin.app.service('users').get(admin.session!.user.keycloakId)).id
    const assigned = await admin.app.service('responsibility').create({ staffId: staffUser, companyNos: [1001, 1002] })
    expect(assigned.changed.map((row) => [row.companyNo, row.staffEmail])).toEqual([
      [1001, DEMO.staff],
      [1002, DEMO.staff],
    ])
    const mine = await admin.app.service('responsibility').find({ query: { staffId: staffUser } })
    expect(mine.data.map((row) => row.companyNo)).toEqual([1001, 1002])
    const chooser = await admin.app.service('responsibility-staff').find({ query: { search: 'staff' } })
    expect(chooser.data.find((member) => member.id === staffUser)?.companies).toBe(2)

    await admin.app.service('responsibility').create({ staffId: adminUser, fromStaffId: staffUser })
    expect((await admin.app.service('responsibility').find({ query: { staffId: staffUser } })).total).toBe(0)
    expect((await admin.app.service('responsibility').find({ query: { staffId: adminUser } })).data.map((row) => row.companyNo)).toEqual([1001, 1002])
    const unassigned = await admin.app.service('responsibility').find({ query: { unassigned: true, $limit: 1000 } })
    expect(unassigned.data.map((row) => row.companyNo)).not.toContain(1001)

    const entries = (await admin.app.service('audit-log').find({ query: { entity: 'responsibility', targetId: '1001' } })).data
    expect(entries.map((entry) => [entry.before?.staffEmail, entry.after?.staffEmail])).toEqual([
      [DEMO.staff, DEMO.admin],
      [null, DEMO.staff],
    ])
    expect(await failure(admin.app.service('responsibility').create({ staffId: '00000000-0000-4000-8000-000000000000', companyNos: [1003] }))).toMatchObject({
      code: 400,
      data: { key: 'users:rule.unknownStaff' },
    })
  })
})

describe('responsible staff (issue 38)', () => {
  it("offers only the firm's people, never a client company's employee, and refuses to make one responsible", async () => {
    const clientUser = (await server.knex('users').where({ email: DEMO.client }).first('id')) as { id: string }
    const staffUser = (await server.knex('users').where({ email: DEMO.staff }).first('id')) as { id: string }
    const offered = await admin.app.service('responsibility-staff').find({ query: { $limit: 1000 } })
    const emails = offered.data.map((member) => member.email)
    expect(emails).toContain(DEMO.staff)
    expect(emails).toContain(DEMO.admin)
    expect(emails).not.toContain(DEMO.client)
    expect(offered.total).toBe(offered.data.length)
    expect((await admin.app.service('responsibility-staff').find({ query: { search: 'clara' } })).data).toEqual([])

    const before = await admin.app.service('responsibility').find({ query: { search: '1006' } })
    expect(await failure(admin.app.service('responsibility').create({ staffId: clientUser.id, companyNos: [1006] }))).toMatchObject({
      code: 400,
      data: { key: 'users:rule.notFirmStaff', params: { field: 'staffId' } },
    })
    expect(await admin.app.service('responsibility').find({ query: { search: '1006' } })).toEqual(before)
    expect(await failure(admin.app.service('responsibility').create({ staffId: clientUser.id, fromStaffId: staffUser.id }))).toMatchObject({
      code: 400,
      data: { key: 'users:rule.notFirmStaff' },
    })
  })
})

describe('with an external identity provider (OIDC_ISSUER)', () => {
  it('keeps permissions, clients and enabled in the portal, but leaves passwords to the provider', async () => {
    const external = await startTestServer({ env: { OIDC_ISSUER: 'http://127.0.0.1:9/realms/kanzlei', LOG_LEVEL: 'silent', WORKER_CONCURRENCY: '0' } })
    try {
      // No one can sign in here without the provider: call the services as the server does for a signed-in admin.
      const row = (await external.knex('users').where({ email: DEMO.admin }).first('keycloak_id')) as { keycloak_id: string }
      const user = (await loadSessionUser(external.knex, row.keycloak_id))!.user
      const app = external.server.app
      const created = await app.service('users').create({ email: 'extern@kanzlei.test', firstName: 'Ex', lastName: 'Tern', permissions: ['doc'] }, { user })
      expect(created.setup).toEqual({ delivery: 'external' })
      expect(Number(((await external.knex('password_setup_tokens').count({ n: '*' }).first()) as { n: number }).n)).toBe(0)
      const bulk = await app.service('user-bulk').create({ changes: [{ email: 'extern@kanzlei.test', addPermissions: ['rep'], enabled: false }] }, { user })
      expect(bulk.diffs[0]).toMatchObject({ permissions: { added: ['rep'] }, enabled: { from: true, to: false } })
      expect(await failure(app.service('user-credentials').create({ userId: created.id, reset: 'password' }, { user }))).toMatchObject({
        code: 400,
        data: { key: 'users:external.notHere' },
      })
    } finally {
      await external.close()
    }
  })
})
