import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../support/server'
import { signIn } from '../support/tokens'
import { createExtraCallers, EXTRA_PASSWORD } from './permissions.callers'
import { connect, connectAs, DEMO, failure, type Connection } from './services.support'

// Issue 30 item 4: a user manager (kca) grants only the permissions and companies it holds, and does not change,
// reset or delete a user who holds more — on every way in (users create/patch, its own record, user-bulk and its
// preview, user-credentials, users remove), each refusal naming the permission or company. Real server and sockets.

let server: TestServer
let manager: Connection
let admin: Connection
let managerId: string
let counter = 0

/** A user of 1002 with doc, created by the demo admin: the user manager holds everything it has. */
async function clerk(): Promise<{ id: string; email: string }> {
  const email = `clerk-${++counter}@grants.portal`
  const created = await admin.app.service('users').create({ email, firstName: 'Clara', lastName: `Clerk ${counter}`, permissions: ['doc'], klienten: [1002] })
  return { id: created.keycloakId, email }
}

beforeAll(async () => {
  server = await startTestServer()
  const emails = await createExtraCallers(server.knex)
  admin = await connectAs(server.url, 'admin')
  manager = await connect(server.url, (await signIn(server.url, emails.kca1002, EXTRA_PASSWORD)).idToken)
  managerId = manager.session!.user.keycloakId
})

afterAll(async () => {
  manager?.close()
  admin?.close()
  await server?.close()
})

describe('a user manager who holds kca, doc and company 1002', () => {
  it('cannot give itself adm, ban, another company or every company, and is told which', async () => {
    const users = manager.app.service('users')
    expect(await failure(users.patch(managerId, { permissions: ['kca', 'doc', 'adm', 'ban'] }))).toMatchObject({
      code: 403,
      message: 'You cannot grant the permission adm: you do not hold it yourself',
      data: { key: 'users:rule.grantPermission', params: { code: 'adm', field: 'permissions' } },
    })
    expect(await failure(users.patch(managerId, { klienten: [1002, 1001] }))).toMatchObject({ code: 403, data: { key: 'users:rule.grantCompany', params: { company: '1001' } } })
    expect(await failure(users.patch(managerId, { clientAccess: 'all' }))).toMatchObject({ code: 403, data: { key: 'users:rule.grantAllCompanies' } })
    const self = await admin.app.service('users').get(managerId)
    expect(self).toMatchObject({ permissions: ['kca', 'doc'], clientAccess: 'assigned', klienten: [1002] })
    // Its own language is still its own to change.
    await expect(users.patch(managerId, { locale: 'de' })).resolves.toMatchObject({ locale: 'de' })
  })

  it('cannot create an administrator, nor a user of a company it does not hold; a doc user of 1002 it can', async () => {
    const users = manager.app.service('users')
    const person = (extra: object) => ({ email: `new-${++counter}@grants.portal`, firstName: 'Neu', lastName: 'Person', ...extra })
    expect(await failure(users.create(person({ permissions: ['adm'], klienten: [1002] })))).toMatchObject({ code: 403, data: { key: 'users:rule.grantPermission', params: { code: 'adm' } } })
    expect(await failure(users.create(person({ permissions: ['doc'], klienten: [1006] })))).toMatchObject({ code: 403, data: { key: 'users:rule.grantCompany', params: { company: '1006' } } })
    expect(await failure(users.create(person({ permissions: ['doc'], clientAccess: 'all' })))).toMatchObject({ code: 403, data: { key: 'users:rule.grantAllCompanies' } })
    expect(Number((await server.knex('users').where('email', 'like', 'new-%@grants.portal').count('* as n').first())?.n)).toBe(0)
    await expect(users.create(person({ permissions: ['doc'], klienten: [1002] }))).resolves.toMatchObject({ permissions: ['doc'], klienten: [1002] })
  })

  it("cannot reset a full administrator's password or second factor, change or delete them", async () => {
    const target = admin.session!.user.keycloakId
    const refusal = { code: 403, data: { key: 'users:rule.outranksPermission', params: { email: DEMO.admin } } }
    expect(await failure(manager.app.service('user-credentials').create({ userId: target, reset: 'password' }))).toMatchObject(refusal)
    expect(await failure(manager.app.service('user-credentials').create({ userId: target, reset: 'secondFactor' }))).toMatchObject(refusal)
    expect(await failure(manager.app.service('users').patch(target, { permissions: ['doc'] }))).toMatchObject(refusal)
    expect(await failure(manager.app.service('users').remove(target))).toMatchObject(refusal)
    // The administrator's password still works: nothing was reset.
    await expect(signIn(server.url, DEMO.admin, 'portal-demo')).resolves.toMatchObject({ idToken: expect.any(String) })
    // A user of its own company and rights it still manages.
    const { id } = await clerk()
    await expect(manager.app.service('user-credentials').create({ userId: id, reset: 'password' })).resolves.toMatchObject({ reset: 'password' })
    await expect(manager.app.service('users').patch(id, { permissions: [] })).resolves.toMatchObject({ permissions: [] })
  })

  it('sees the refusal in the bulk preview, and the real run changes nothing', async () => {
    const { email } = await clerk()
    const changes = [
      { email, addPermissions: ['adm'] },
      { email: DEMO.staff, removePermissions: ['lar'] },
    ]
    const preview = await manager.app.service('user-bulk').create({ changes, dryRun: true })
    expect(preview.errors.map((error) => [error.row, error.field, error.message.key, error.message.params])).toEqual([
      [0, 'addPermissions', 'users:rule.grantPermission', { code: 'adm' }],
      [1, 'email', 'users:rule.outranksPermission', { email: DEMO.staff, code: 'app' }],
    ])
    expect(await failure(manager.app.service('user-bulk').create({ changes }))).toMatchObject({ code: 400, data: { key: 'users:bulk.invalid' } })
    expect(await admin.app.service('users').find({ query: { search: email } })).toMatchObject({ data: [{ permissions: ['doc'] }] })
  })

  it('lets a full administrator grant everything', async () => {
    const { id } = await clerk()
    await expect(admin.app.service('users').patch(id, { permissions: ['adm', 'ban', 'kca'], clientAccess: 'all' })).resolves.toMatchObject({ clientAccess: 'all' })
  })
})
