import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { abilities, can, ruleFor, serviceDescriptors, type ServiceDescriptor, type SupplierAccount, type UploadResponse } from '../../packages/sdk/src/services/index'
import { startTestServer, type TestServer } from '../support/server'
import { uploadFiles } from '../support/session'
import { signIn } from '../support/tokens'
import { createExtraCallers, EXTRA_CALLERS, EXTRA_PASSWORD, writeCompanyRecords, writeRequestRecords, type ExtraCaller } from './permissions.callers'
import { PERMISSION_CASES, type Caller, type Door, type Ids, type Outcome } from './permissions.cases'
import { connect, connectAs, DEMO, DEMO_PASSWORD, failure, nextEvent, type Connection } from './services.support'

// SPEC §6 against the real server over real sockets: every (service, method) of the SDK's ability table with its
// cases (permissions.cases.ts), each demo user (and no session) as listed there.

const EXTRA = Object.keys(EXTRA_CALLERS) as ExtraCaller[]
const CALLERS: readonly Caller[] = ['anonymous', 'admin', 'staff', 'client', ...EXTRA]
const INVOICE_PDF = join(import.meta.dirname, '../fixtures/corpora/zugferd_corpus/docs/XML-Rechnung__FX__EN16931_1_Teilrechnung.pdf')

let counter = 0
const suppliers = (client: number) => ({ client, acc: 'bmd', types: [3, 4] as (3 | 4)[] })
const newAccount = (client: number) => ({ client, accounting: 2026, account: 349000 + ++counter, name: `Lieferant ${counter} GmbH`, type: 3 as const })

let server: TestServer
const connections = {} as Record<Caller, Connection>
const doors = {} as Record<Caller, Door>
let ids: Ids

/** Signs a demo user in and connects, keeping the identity token for the HTTP doors. */
async function signedIn(url: string, email: string, password = DEMO_PASSWORD): Promise<{ connection: Connection; token: string }> {
  const { idToken } = await signIn(url, email, password)
  return { connection: await connect(url, idToken), token: idToken }
}

beforeAll(async () => {
  server = await startTestServer()
  const extraEmails = await createExtraCallers(server.knex)
  const [admin, staff, client, anonymous] = await Promise.all([
    signedIn(server.url, DEMO.admin),
    signedIn(server.url, DEMO.staff),
    signedIn(server.url, DEMO.client),
    connect(server.url),
  ])
  Object.assign(connections, { admin: admin.connection, staff: staff.connection, client: client.connection, anonymous })
  for (const [caller, token] of [['admin', admin.token], ['staff', staff.token], ['client', client.token], ['anonymous', undefined]] as const) {
    doors[caller] = { app: connections[caller].app, url: server.url, token }
  }
  for (const caller of EXTRA) {
    const extra = await signedIn(server.url, extraEmails[caller], EXTRA_PASSWORD)
    connections[caller] = extra.connection
    doors[caller] = { app: extra.connection.app, url: server.url, token: extra.token }
  }
  const accountOf = async (company: number) =>
    ((await server.knex('accounts').where({ company_no: company }).orderBy('id').first('id')) as { id: number }).id
  const pdf = await readFile(INVOICE_PDF)
  const documentOf = async (company: number) => {
    const response = await uploadFiles(server.url, admin.token, company, [{ name: 'teilrechnung.pdf', bytes: pdf }])
    return ((await response.json()) as UploadResponse).results[0].documentId!
  }
  const companyRecords = await writeCompanyRecords(server.knex)
  const documents = { document1002: await documentOf(1002), document1001: await documentOf(1001) }
  ids = {
    ...companyRecords,
    ...(await writeRequestRecords(server.knex, documents, companyRecords)),
    ...documents,
    account1002: await accountOf(1002),
    account1001: await accountOf(1001),
    keycloak: Object.fromEntries(CALLERS.filter((caller) => caller !== 'anonymous').map((caller) => [caller, connections[caller].session!.user.keycloakId])) as Ids['keycloak'],
    scanner1002: (await admin.connection.app.service('scanner-registrations').create({ location: 'Permission case', company_no: 1002 })).scanner.id,
    pdf,
  }
})

afterAll(async () => {
  for (const connection of Object.values(connections)) connection?.close()
  await server?.close()
})

/** The companies of the records a find answered (a plain list or a page; company_no, or companyNo of the admin records). */
function companiesOf(answer: unknown): (number | null | undefined)[] {
  const records = (Array.isArray(answer) ? answer : (answer as { data: unknown[] }).data) as { company_no?: number; companyNo?: number | null }[]
  return records.map((record) => record.company_no ?? record.companyNo)
}

describe('permission cases', () => {
  for (const [pair, cases] of Object.entries(PERMISSION_CASES)) {
    for (const { name, call, expect: outcomes } of cases) {
      for (const caller of CALLERS) {
        const outcome = outcomes[caller]
        if (outcome === undefined) continue
        it(`${pair} ${name} as ${caller}: ${typeof outcome === 'number' ? `refused with ${outcome}` : outcome === 'ok' ? 'allowed' : 'narrowed to own companies'}`, async () => {
          const result = call(doors[caller], ids)
          if (outcome === 'ok') {
            await expect(result).resolves.toBeDefined()
          } else if (outcome === 'narrowed') {
            const companies = connections[caller].session!.user.klienten_array
            const answered = companiesOf(await result)
            expect(answered.length).toBeGreaterThan(0)
            for (const companyNo of answered) expect(companies).toContain(companyNo)
          } else {
            expect(await failure(result)).toMatchObject({ code: outcome })
          }
        })
      }
    }
  }
})

describe('permission coverage', () => {
  const pairs = Object.entries(abilities).flatMap(([path, rules]) => Object.keys(rules).map((method) => `${path}.${method}`))

  it('has cases for exactly the (service, method) pairs of the ability table', () => {
    expect(Object.keys(PERMISSION_CASES).sort()).toEqual([...pairs].sort())
  })

  it('refuses every pair without a session and, where its rule asks for a right or a company, without them', () => {
    const lacking: string[] = []
    for (const pair of pairs) {
      const [path, method] = [pair.slice(0, pair.lastIndexOf('.')), pair.slice(pair.lastIndexOf('.') + 1)]
      const rule = ruleFor(path, method)!
      const seen = (PERMISSION_CASES[pair] ?? []).flatMap(({ expect: outcomes }) => Object.entries(outcomes) as [Caller, Outcome][])
      const has = (test: (caller: Caller, outcome: Outcome) => boolean) => seen.some(([caller, outcome]) => test(caller, outcome))
      if (rule.access === 'public') {
        if (!has((caller, outcome) => caller === 'anonymous' && outcome === 'ok')) lacking.push(`${pair}: answers without a session`)
        continue
      }
      if (!has((caller, outcome) => caller === 'anonymous' && outcome === 401)) lacking.push(`${pair}: no session → 401`)
      const refusable = rule.anyOf.length > 0 || rule.company || rule.own !== undefined
      const refused = (caller: Caller, outcome: Outcome) => caller !== 'anonymous' && (outcome === 403 || outcome === 404 || outcome === 'narrowed')
      if (refusable && !has(refused)) lacking.push(`${pair}: no permission or foreign company → 403/404`)
    }
    expect(lacking).toEqual([])
  })
})

describe('methods a service does not offer', () => {
  it('answers 405 for every caller, before any permission is looked at', async () => {
    for (const caller of CALLERS) {
      const suppliersService = connections[caller].app.service('acc-suppliers') as unknown as { remove(id: number): Promise<unknown> }
      expect(await failure(suppliersService.remove(ids.account1002))).toMatchObject({ code: 405 })
      // documents.create is the HTTP upload door, not a socket method.
      const documentsService = connections[caller].app.service('documents') as unknown as { create(data: object): Promise<unknown> }
      expect(await failure(documentsService.create({}))).toMatchObject({ code: 405 })
    }
  })
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

// Issue 30: an event reaches exactly those who could read its record — the connections of the record's company whose
// user the service's rule for find (else get) allows, with the rights the record asks for; the firm's own records
// (no company) every connection that rule allows; a user record reaches that user and the user managers. Every service with events, every caller, two companies (1002: all callers; 1006:
// only the demo admin), emitted on the server as its own code would.
describe('event audience of every service', () => {
  const EVENT = 'patched'
  const published = serviceDescriptors.filter((descriptor) => descriptor.events !== 'none')
  const readMethod = (descriptor: ServiceDescriptor) => (descriptor.abilities.find ? 'find' : 'get')

  /** Who should receive the record of a service, by the ability table. */
  function audience(descriptor: ServiceDescriptor, record: Record<string, unknown>): Caller[] {
    return CALLERS.filter((caller) => {
      const user = connections[caller].session?.user
      if (!user) return false
      if (descriptor.events === 'user') return user.keycloakId === record.keycloakId || can(user, descriptor.path, readMethod(descriptor))
      if (descriptor.events === 'firm') return can(user, descriptor.path, readMethod(descriptor))
      const companyNo = record.company_no as number
      return user.klienten_array.includes(companyNo) && can(user, descriptor.path, readMethod(descriptor), { companyNo, recordRequires: descriptor.recordRequires?.(record) })
    })
  }

  /** Emits each record on its service and answers who received which (waits for the expected, then a while longer). */
  async function receivers(records: [ServiceDescriptor, Record<string, unknown>][]): Promise<Record<string, Caller[]>> {
    const received: Record<string, Caller[]> = Object.fromEntries(records.map(([descriptor]) => [descriptor.path, []]))
    const stops: (() => void)[] = []
    for (const caller of CALLERS) {
      for (const [descriptor] of records) {
        const service = connections[caller].app.service(descriptor.path as 'documents') as unknown as {
          on(event: string, listener: (data: { id?: unknown }) => void): void
          removeListener(event: string, listener: (data: { id?: unknown }) => void): void
        }
        const listener = (data: { id?: unknown }) => {
          if (data.id === EVENT_ID) received[descriptor.path].push(caller)
        }
        service.on(EVENT, listener)
        stops.push(() => service.removeListener(EVENT, listener))
      }
    }
    try {
      for (const [descriptor, record] of records) (server.server.app.service(descriptor.path as 'documents') as unknown as { emit(event: string, data: unknown): void }).emit(EVENT, record)
      const expected = records.reduce((sum, [descriptor, record]) => sum + audience(descriptor, record).length, 0)
      for (let waited = 0; waited < 5000 && Object.values(received).flat().length < expected; waited += 50) await new Promise((resolve) => setTimeout(resolve, 50))
      await new Promise((resolve) => setTimeout(resolve, 500))
    } finally {
      for (const stop of stops) stop()
    }
    return received
  }

  const EVENT_ID = 987_654_321
  const recordOf = (companyNo: number) => ({ id: EVENT_ID, company_no: companyNo, keycloakId: ids.keycloak.client })

  it('lists the services whose events are published', () => {
    expect(published.map((descriptor) => descriptor.path)).toEqual(expect.arrayContaining(['bank-accesses', 'bank-transactions', 'bank-terms', 'erp-settings', 'erp-exports', 'users', 'fon-items', 'addresses', 'fon-imports', 'sv-imports']))
  })

  for (const companyNo of [1002, 1006]) {
    it(`sends a record of ${companyNo} to exactly the callers who may read it`, async () => {
      const records = published.map((descriptor) => [descriptor, recordOf(companyNo)] as [ServiceDescriptor, Record<string, unknown>])
      const received = await receivers(records)
      const expected = Object.fromEntries(records.map(([descriptor, record]) => [descriptor.path, audience(descriptor, record).sort()]))
      expect(Object.fromEntries(Object.entries(received).map(([path, callers]) => [path, [...callers].sort()]))).toEqual(expected)
    })
  }

  it('keeps banking from those without adm or ban and the ERP settings and exports from those without acc or exp', () => {
    const record = recordOf(1002)
    const of = (path: string) => audience(published.find((descriptor) => descriptor.path === path)!, record)
    for (const path of ['bank-accesses', 'bank-transactions', 'bank-terms']) expect(of(path).sort()).toEqual(['admin', 'admin1002'])
    for (const path of ['erp-settings', 'erp-exports']) expect(of(path)).not.toContain('client')
  })

  it('sends payment runs only to holders of pay, the approval policy and delegations to app, pay or adm (issue 35)', () => {
    const record = recordOf(1002)
    const of = (path: string) => audience(published.find((descriptor) => descriptor.path === path)!, record).sort()
    expect(of('payment-runs')).toEqual(['admin', 'admin1002'])
    expect(of('approval-policies')).toEqual(['admin', 'admin1002', 'client', 'staff'])
    expect(of('approval-delegations')).toEqual(['admin', 'admin1002', 'client', 'staff'])
    expect(of('document-approvals')).toEqual(['admin', 'admin1002', 'client', 'kca1002', 'staff'])
  })
})
