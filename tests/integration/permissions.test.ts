import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Application } from '@feathersjs/feathers'
import type { ServiceTypes, SupplierAccount } from '../../packages/sdk/src/services/index'
import { startTestServer, type TestServer } from '../support/server'
import { connect, connectAs, failure, nextEvent, type Connection, type DemoRole } from './services.support'

// The permission matrix of SPEC §6: each demo user (and no login) against each service method.
type Caller = DemoRole | 'anonymous'
type Outcome = 'ok' | 401 | 403 | 405
type Call = (app: Application<ServiceTypes>, ids: Ids) => Promise<unknown>

interface Ids {
  /** An account of company 1002 (every signed-in demo user has it, admin and staff too). */
  account1002: number
  /** An account of company 1001 (not the client's). */
  account1001: number
  keycloak: Record<DemoRole, string>
}

const OK_ALL: Record<Caller, Outcome> = { anonymous: 401, admin: 'ok', staff: 'ok', client: 'ok' }
const suppliers = (client: number) => ({ client, acc: 'bmd', types: [3, 4] as (3 | 4)[] })
let counter = 0
const newAccount = (client: number) => ({ client, accounting: 2026, account: 339000 + ++counter, name: `Lieferant ${counter} GmbH`, type: 3 as const })

/** [name, call, expected per caller] */
const MATRIX: [string, Call, Record<Caller, Outcome>][] = [
  ['version.find', (app) => app.service('version').find(), { anonymous: 'ok', admin: 'ok', staff: 'ok', client: 'ok' }],
  ['config.find', (app) => app.service('config').find(), OK_ALL],
  ['accounting-client.find', (app) => app.service('accounting-client').find(), OK_ALL],
  ['document-category.find', (app) => app.service('document-category').find(), OK_ALL],
  ['company-settings.find own company', (app) => app.service('company-settings').find({ query: { client: 1002 } }), OK_ALL],
  ['company-settings.find foreign company', (app) => app.service('company-settings').find({ query: { client: 1006 } }), { anonymous: 401, admin: 'ok', staff: 403, client: 403 }],
  ['company-settings.patch', (app) => app.service('company-settings').patch(1002, { small_business: false }), { anonymous: 401, admin: 'ok', staff: 403, client: 403 }],
  ['acc-periods.find', (app) => app.service('acc-periods').find({ query: { client: 1002, acc: 'bmd' } }), OK_ALL],
  ['acc-periods.find 1001', (app) => app.service('acc-periods').find({ query: { client: 1001, acc: 'bmd' } }), { anonymous: 401, admin: 'ok', staff: 'ok', client: 403 }],
  ['acc-cost.find', (app) => app.service('acc-cost').find({ query: { client: 1002, accountings: [2026] } }), OK_ALL],
  ['acc-cost.find 1006', (app) => app.service('acc-cost').find({ query: { client: 1006, accountings: [2026] } }), { anonymous: 401, admin: 'ok', staff: 403, client: 403 }],
  ['acc-books.find', (app) => app.service('acc-books').find({ query: { client: 1002, accountings: [2026] } }), OK_ALL],
  ['acc-books.find 1001', (app) => app.service('acc-books').find({ query: { client: 1001, accountings: [2026] } }), { anonymous: 401, admin: 'ok', staff: 'ok', client: 403 }],
  ['acc-exp-acc.find', (app) => app.service('acc-exp-acc').find({ query: { client: 1002, acc: 'bmd' } }), OK_ALL],
  ['acc-exp-acc.find 1006', (app) => app.service('acc-exp-acc').find({ query: { client: 1006, acc: 'bmd' } }), { anonymous: 401, admin: 'ok', staff: 403, client: 403 }],
  ['acc-suppliers.find', (app) => app.service('acc-suppliers').find({ query: suppliers(1002) }), OK_ALL],
  ['acc-suppliers.find 1001', (app) => app.service('acc-suppliers').find({ query: suppliers(1001) }), { anonymous: 401, admin: 'ok', staff: 'ok', client: 403 }],
  ['acc-suppliers.get', (app, ids) => app.service('acc-suppliers').get(ids.account1002), OK_ALL],
  ['acc-suppliers.get 1001', (app, ids) => app.service('acc-suppliers').get(ids.account1001), { anonymous: 401, admin: 'ok', staff: 'ok', client: 403 }],
  ['acc-suppliers.get missing', (app) => app.service('acc-suppliers').get(99_999_999), { anonymous: 401, admin: 403, staff: 403, client: 403 }],
  ['acc-suppliers.create', (app) => app.service('acc-suppliers').create(newAccount(1002)), { anonymous: 401, admin: 'ok', staff: 'ok', client: 403 }],
  ['acc-suppliers.create 1006', (app) => app.service('acc-suppliers').create(newAccount(1006)), { anonymous: 401, admin: 'ok', staff: 403, client: 403 }],
  ['acc-suppliers.patch', (app, ids) => app.service('acc-suppliers').patch(ids.account1002, { town: 'Graz' }), { anonymous: 401, admin: 'ok', staff: 'ok', client: 403 }],
  ['acc-suppliers.remove', (app, ids) => (app.service('acc-suppliers') as unknown as { remove(id: number): Promise<unknown> }).remove(ids.account1002), { anonymous: 405, admin: 405, staff: 405, client: 405 }],
  ['aggregator.find', (app) => app.service('aggregator').find({ query: { client_no: 1002, aggregated: true, type: 'ER_U', fullText: null, $select: ['id'] } }), OK_ALL],
  ['aggregator.find 1006', (app) => app.service('aggregator').find({ query: { client_no: 1006, aggregated: true, type: 'ER_U', fullText: null, $select: ['id'] } }), { anonymous: 401, admin: 'ok', staff: 403, client: 403 }],
  ['editor-document.find', (app) => app.service('editor-document').find({ query: { is_processed_documents_accumulator: null, $select: ['id'] } }), { anonymous: 401, admin: 'ok', staff: 'ok', client: 403 }],
  ['editor-document.find 1006', (app) => app.service('editor-document').find({ query: { client_no: 1006, $select: ['id'] } }), { anonymous: 401, admin: 'ok', staff: 403, client: 403 }],
  ['users.find', (app) => app.service('users').find(), { anonymous: 401, admin: 'ok', staff: 403, client: 403 }],
  ['users.get staff', (app, ids) => app.service('users').get(ids.keycloak.staff), { anonymous: 401, admin: 'ok', staff: 403, client: 403 }],
  ['users.patch client locale', (app, ids) => app.service('users').patch(ids.keycloak.client, { locale: 'en' }), { anonymous: 401, admin: 'ok', staff: 403, client: 'ok' }],
  ['users.patch staff locale', (app, ids) => app.service('users').patch(ids.keycloak.staff, { locale: 'de' }), { anonymous: 401, admin: 'ok', staff: 'ok', client: 403 }],
  ['users.patch staff permissions', (app, ids) => app.service('users').patch(ids.keycloak.staff, { permissions: ['doc', 'app', 'acc', 'rep', 'ded', 'ove', 'lab', 'exp'] }), { anonymous: 401, admin: 'ok', staff: 403, client: 403 }],
]

let server: TestServer
const connections = {} as Record<Caller, Connection>
let ids: Ids

beforeAll(async () => {
  server = await startTestServer()
  const [admin, staff, client, anonymous] = await Promise.all([
    connectAs(server.url, 'admin'),
    connectAs(server.url, 'staff'),
    connectAs(server.url, 'client'),
    connect(server.url),
  ])
  Object.assign(connections, { admin, staff, client, anonymous })
  const accountOf = async (company: number) =>
    ((await server.knex('accounts').where({ company_no: company }).orderBy('id').first('id')) as { id: number }).id
  ids = {
    account1002: await accountOf(1002),
    account1001: await accountOf(1001),
    keycloak: { admin: admin.session!.user.keycloakId, staff: staff.session!.user.keycloakId, client: client.session!.user.keycloakId },
  }
})

afterAll(async () => {
  for (const connection of Object.values(connections)) connection?.close()
  await server?.close()
})

describe('permission matrix', () => {
  for (const [name, call, expected] of MATRIX) {
    for (const caller of ['anonymous', 'admin', 'staff', 'client'] as const) {
      const outcome = expected[caller]
      it(`${name} as ${caller}: ${outcome === 'ok' ? 'allowed' : `refused with ${outcome}`}`, async () => {
        const result = call(connections[caller].app, ids)
        if (outcome === 'ok') {
          await expect(result).resolves.toBeDefined()
        } else {
          expect(await failure(result)).toMatchObject({ code: outcome })
        }
      })
    }
  }
})

describe('refusals reveal nothing', () => {
  it('answers a foreign record and a missing record with the same Forbidden', async () => {
    const foreign = await failure(connections.client.app.service('acc-suppliers').get(ids.account1001))
    const missing = await failure(connections.client.app.service('acc-suppliers').get(987_654_321))
    const strip = (error: Awaited<ReturnType<typeof failure>>) => ({ name: error.name, code: error.code, message: error.message, data: error.data })
    expect(strip(foreign)).toEqual(strip(missing))
    expect(strip(foreign)).toEqual({ name: 'Forbidden', code: 403, message: 'You lack permission for this action', data: { key: 'errors:access.forbidden', params: {} } })
    const patchForeign = await failure(connections.client.app.service('acc-suppliers').patch(ids.account1001, { town: 'Wien' }))
    const patchMissing = await failure(connections.client.app.service('acc-suppliers').patch(987_654_321, { town: 'Wien' }))
    expect(strip(patchForeign)).toEqual(strip(patchMissing))
  })

  it('tells an anonymous caller only that a session is needed', async () => {
    const error = await failure(connections.anonymous.app.service('acc-suppliers').find({ query: suppliers(1001) }))
    expect(error).toMatchObject({ name: 'NotAuthenticated', code: 401, data: { key: 'errors:access.notAuthenticated' } })
  })
})

describe('events', () => {
  it("sends a new supplier of a company to that company's connections only", async () => {
    const { admin, staff, client, anonymous } = connections
    const toAdmin = nextEvent<SupplierAccount>(admin.app, 'acc-suppliers', 'created', 5000)
    const toClient = nextEvent<SupplierAccount>(client.app, 'acc-suppliers', 'created', 1500)
    const toAnonymous = nextEvent<SupplierAccount>(anonymous.app, 'acc-suppliers', 'created', 1500)
    const created = await staff.app.service('acc-suppliers').create({ ...newAccount(1001), name: 'Holzhandel Tiroler GmbH' })
    expect(await toAdmin).toMatchObject({ id: created.id, company_no: 1001, name: 'Holzhandel Tiroler GmbH' })
    expect(await toClient).toBeUndefined()
    expect(await toAnonymous).toBeUndefined()
  })

  it("reaches the client's socket for the client's company", async () => {
    const { admin, staff, client } = connections
    const toClient = nextEvent<SupplierAccount>(client.app, 'acc-suppliers', 'created', 5000)
    const toStaff = nextEvent<SupplierAccount>(staff.app, 'acc-suppliers', 'created', 5000)
    const created = await admin.app.service('acc-suppliers').create({ ...newAccount(1002), name: 'Mühle Graz Süd GmbH' })
    expect(await toClient).toMatchObject({ id: created.id, company_no: 1002 })
    expect(await toStaff).toMatchObject({ id: created.id })
  })

  it('does not send a company event to a user without that company', async () => {
    const { admin, staff } = connections
    const toStaff = nextEvent<SupplierAccount>(staff.app, 'acc-suppliers', 'created', 1500)
    await admin.app.service('acc-suppliers').create({ ...newAccount(1006), name: 'Kaffeerösterei Meinl-Süd GmbH' })
    expect(await toStaff).toBeUndefined()
  })

  it("follows a change of a user's companies on the user's open sockets", async () => {
    const { admin, client } = connections
    await admin.app.service('users').patch(ids.keycloak.client, { klienten: [1002, 1006] })
    try {
      // The channels are re-joined right after the change; give that a moment.
      await new Promise((resolve) => setTimeout(resolve, 300))
      const toClient = nextEvent<SupplierAccount>(client.app, 'acc-suppliers', 'created', 5000)
      const created = await admin.app.service('acc-suppliers').create({ ...newAccount(1006), name: 'Zuckerbäcker Wien GmbH' })
      expect(await toClient).toMatchObject({ id: created.id, company_no: 1006 })
    } finally {
      await admin.app.service('users').patch(ids.keycloak.client, { klienten: [1002] })
    }
    await new Promise((resolve) => setTimeout(resolve, 300))
    const afterwards = nextEvent<SupplierAccount>(client.app, 'acc-suppliers', 'created', 1500)
    await admin.app.service('acc-suppliers').create({ ...newAccount(1006), name: 'Konditorei Nachher OG' })
    expect(await afterwards).toBeUndefined()
  })

  it("sends changed company settings to that company's connections and a user's change to that user", async () => {
    const { admin, staff, client } = connections
    const toStaff = nextEvent<{ company_no: number }>(staff.app, 'company-settings', 'patched', 5000)
    const toClient = nextEvent<{ company_no: number }>(client.app, 'company-settings', 'patched', 1500)
    await admin.app.service('company-settings').patch(1001, { use_gross_amounts: true })
    expect(await toStaff).toMatchObject({ company_no: 1001, use_gross_amounts: true })
    expect(await toClient).toBeUndefined()

    const ownChange = nextEvent<{ locale: string }>(client.app, 'users', 'patched', 5000)
    const othersChange = nextEvent<{ locale: string }>(staff.app, 'users', 'patched', 1500)
    await client.app.service('users').patch(ids.keycloak.client, { locale: 'de' })
    expect(await ownChange).toMatchObject({ email: 'client@demo.portal', locale: 'de' })
    expect(await othersChange).toBeUndefined()
  })

  it('stops sending events to a socket after logout', async () => {
    const { admin } = connections
    const leaving = await connectAs(server.url, 'client')
    try {
      const auth = (leaving.app as unknown as { service(path: 'authentication'): { remove(id: null): Promise<unknown> } }).service(
        'authentication',
      )
      await auth.remove(null)
      const afterLogout = nextEvent<SupplierAccount>(leaving.app, 'acc-suppliers', 'created', 1500)
      await admin.app.service('acc-suppliers').create({ ...newAccount(1002), name: 'Nach dem Abmelden GmbH' })
      expect(await afterLogout).toBeUndefined()
      expect(await failure(leaving.app.service('accounting-client').find())).toMatchObject({ code: 401 })
    } finally {
      leaving.close()
    }
  })
})
