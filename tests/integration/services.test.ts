import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../support/server'
import { seedDemoData } from '../../packages/server/src/db/seed-demo'
import { iban, vatId } from '../../packages/sdk/src/validators/index'
import { connect, connectAs, failure, type Connection } from './services.support'

// Every §7 service over a real socket against the real server and database with the demo data.
let server: TestServer
let admin: Connection
let staff: Connection
let client: Connection

beforeAll(async () => {
  server = await startTestServer()
  ;[admin, staff, client] = await Promise.all([
    connectAs(server.url, 'admin'),
    connectAs(server.url, 'staff'),
    connectAs(server.url, 'client'),
  ])
})

afterAll(async () => {
  for (const connection of [admin, staff, client]) connection?.close()
  await server?.close()
})

describe('demo data', () => {
  it('is written once: seeding again changes nothing', async () => {
    const count = async (table: string) => Number(((await server.knex(table).count({ n: '*' }).first()) as { n: string }).n)
    const tables = ['firms', 'companies', 'users', 'accounts', 'expense_accounts', 'cost_centers', 'books']
    const before = await Promise.all(tables.map(count))
    await seedDemoData(server.knex, server.server.logger)
    expect(await Promise.all(tables.map(count))).toEqual(before)
    expect(before.slice(0, 3)).toEqual([1, 8, 3])
    const firm = await server.knex('firms').first('name')
    expect(firm).toEqual({ name: 'Kanzlei Huber & Partner Steuerberatung GmbH' })
  })

  it('has Austrian VAT ids with valid check digits and valid Austrian IBANs', async () => {
    const companies = (await server.knex('companies').select('vat_id', 'iban')) as { vat_id: string; iban: string }[]
    const accounts = (await server.knex('accounts').distinct('vat_id')) as { vat_id: string }[]
    for (const { vat_id } of [...companies, ...accounts]) {
      expect(vat_id).toMatch(/^ATU\d{8}$/)
      expect(vatId(vat_id, { country: 'AT' })).toBeNull()
    }
    for (const company of companies) {
      expect(company.iban).toMatch(/^AT\d{18}$/)
      expect(iban(company.iban)).toBeNull()
    }
  })
})

describe('config and version', () => {
  it('answers the backend config', async () => {
    const config = await staff.app.service('config').find()
    expect(config).toMatchObject({ brandShort: 'Portal', defaultAccountSystem: 'bmd' })
    expect(config.slogans.en).not.toBe('')
    expect(config.slogans.de).not.toBe(config.slogans.en)
    expect(config.docUrl).toContain('provider=')
  })

  it('answers the version, even before sign-in', async () => {
    const anonymous = await connect(server.url)
    try {
      const version = { frontend: { semver: { major: 1, minor: 6, patch: 6 }, distance: 0 }, build: 307, server: '1.6.6' }
      // Which engine (and engine version) reads scans is told only to signed-in users: a stranger learns no more of the machine.
      expect(await anonymous.app.service('version').find()).toEqual(version)
      expect(await client.app.service('version').find()).toEqual({
        ...version,
        ocrEngine: expect.stringMatching(/^tesseract(\.js)? [\d.]+ \((native|wasm)\)$/),
      })
    } finally {
      anonymous.close()
    }
  })
})

describe('accounting-client', () => {
  it("lists exactly the caller's companies with number, name, place and current accounting", async () => {
    const own = await client.app.service('accounting-client').find()
    expect(own).toEqual([
      { company_no: 1002, company_name: 'Bäckerei Steiner KG', company_place: 'Graz', current_accounting: 2026 },
    ])
    const staffCompanies = await staff.app.service('accounting-client').find()
    expect(staffCompanies.map((company) => company.company_no)).toEqual([1001, 1002, 1003, 1004, 1005])
    const all = await admin.app.service('accounting-client').find()
    expect(all).toHaveLength(8)
    expect(all.map((company) => company.company_place)).toEqual(
      expect.arrayContaining(['Wien', 'Graz', 'Linz', 'Salzburg', 'Innsbruck', 'Klagenfurt']),
    )
  })
})

describe('document-category', () => {
  it('lists the nine category codes', async () => {
    const categories = await client.app.service('document-category').find()
    expect(categories).toHaveLength(9)
    expect(categories[0]).toEqual({ id: 1, name: 'ER_U' })
    expect(categories[8]).toEqual({ id: 9, name: 'Latest' })
  })
})

describe('company-settings', () => {
  it("answers a company's settings and lets an administrator change them", async () => {
    expect(await staff.app.service('company-settings').find({ query: { client: 1001 } })).toEqual([
      { company_no: 1001, show_cash_book: true, small_business: false, use_gross_amounts: true, cash_basis: false, request_reminder_days: 7 },
    ])
    const changed = await admin.app.service('company-settings').patch(1003, { show_cash_book: true })
    expect(changed).toEqual({ company_no: 1003, show_cash_book: true, small_business: false, use_gross_amounts: false, cash_basis: false, request_reminder_days: 7 })
    expect(await staff.app.service('company-settings').find({ query: { client: 1003 } })).toEqual([changed])
  })
})

describe('accounting master data', () => {
  it('answers the accounting periods, newest first', async () => {
    expect(await client.app.service('acc-periods').find({ query: { client: 1002, acc: 'bmd' } })).toEqual([
      { company_no: 1002, accounting: 2026, start_date: '2026-01-01', end_date: '2026-12-31' },
      { company_no: 1002, accounting: 2025, start_date: '2025-01-01', end_date: '2025-12-31' },
    ])
  })

  it('refuses an unknown accounting system, naming acc', async () => {
    const error = await failure(staff.app.service('acc-periods').find({ query: { client: 1001, acc: 'sap' } }))
    expect(error).toMatchObject({ name: 'BadRequest', code: 400, data: { key: 'errors:query.accountSystem', params: { field: 'acc', expected: 'bmd' } } })
    expect(error.message).toContain('acc')
  })

  it('answers cost centres and books of the asked periods', async () => {
    const cost = await staff.app.service('acc-cost').find({ query: { client: 1001, accountings: [2026] } })
    expect(cost.map((center) => [center.code, center.name])).toEqual([
      ['100', 'Verwaltung'],
      ['200', 'Vertrieb'],
      ['300', 'Betrieb'],
    ])
    const books = await staff.app.service('acc-books').find({ query: { client: 1001, accountings: [2025, 2026] } })
    expect(books).toHaveLength(8)
    expect(books.filter((book) => book.accounting === 2026).map((book) => book.code)).toEqual(['AR', 'BK', 'ER', 'KA'])
    // Without accountings: every period of the company, as the web app loads them in one wave with the periods.
    const periods = (await staff.app.service('acc-periods').find({ query: { client: 1001, acc: 'bmd' } })).map((period) => period.accounting)
    expect(periods.length).toBeGreaterThan(0)
    const all = await staff.app.service('acc-books').find({ query: { client: 1001 } })
    expect([...new Set(all.map((book) => book.accounting))].sort()).toEqual([...periods].sort())
    expect(await staff.app.service('acc-cost').find({ query: { client: 1001 } })).toEqual(
      await staff.app.service('acc-cost').find({ query: { client: 1001, accountings: periods } }),
    )
  })

  it("answers the default expense accounts plus the company's own", async () => {
    const accounts = await staff.app.service('acc-exp-acc').find({ query: { client: 1001, acc: 'bmd' } })
    expect(accounts.every((account) => account.company === 'bmd')).toBe(true)
    const defaults = accounts.filter((account) => account.company_no === null)
    expect(defaults.map((account) => account.account)).toContain(7820)
    expect(accounts.filter((account) => account.company_no === 1001).map((account) => account.name)).toContain(
      'Getränkeeinkauf 20 %',
    )
    const other = await staff.app.service('acc-exp-acc').find({ query: { client: 1003, acc: 'bmd' } })
    expect(other.map((account) => account.name)).not.toContain('Getränkeeinkauf 20 %')
  })
})

describe('acc-suppliers', () => {
  it('answers suppliers with types [3,4] and customers with [2,4], in their number ranges', async () => {
    const suppliers = await staff.app.service('acc-suppliers').find({
      query: { client: 1001, acc: 'bmd', types: [3, 4], accounting: 2026 },
    })
    expect(suppliers.total).toBe(10)
    expect(suppliers.data.map((account) => account.name)).toContain('A1 Telekom Austria AG')
    expect(suppliers.data.every((account) => account.account < 200000 || account.account > 299999)).toBe(true)
    const customers = await staff.app.service('acc-suppliers').find({
      query: { client: 1001, acc: 'bmd', types: [2, 4], accounting: 2026 },
    })
    expect(customers.total).toBe(9)
    const pure = customers.data.filter((account) => account.type === 2)
    expect(pure).toHaveLength(8)
    expect(pure.every((account) => account.account >= 200000 && account.account <= 299999)).toBe(true)
    expect(customers.data.find((account) => account.type === 4)?.name).toBe('Kastner & Partner Unternehmensberatung GmbH')
  })

  it('searches by name or number, pages, sorts and selects', async () => {
    const base = { client: 1001, acc: 'bmd', types: [3, 4] as (3 | 4)[], accounting: 2026 }
    const byName = await staff.app.service('acc-suppliers').find({ query: { ...base, search: 'telekom' } })
    expect(byName.data.map((account) => account.account)).toEqual([330001])
    const byNumber = await staff.app.service('acc-suppliers').find({ query: { ...base, search: '33000' } })
    expect(byNumber.total).toBe(9)
    const page = await staff.app.service('acc-suppliers').find({
      query: { ...base, $limit: 3, $skip: 3, $sort: { account: 1 }, $select: ['account', 'name'] },
    })
    expect(page).toMatchObject({ total: 10, limit: 3, skip: 3 })
    expect(page.data).toEqual([
      { account: 330004, name: 'Metro Cash & Carry Österreich GmbH' },
      { account: 330005, name: 'UNIQA Österreich Versicherungen AG' },
      { account: 330006, name: 'Lagerhaus Technik-Center GmbH' },
    ])
    const descending = await staff.app.service('acc-suppliers').find({ query: { ...base, $sort: { account: -1 }, $limit: 1 } })
    expect(descending.data[0].name).toBe('Kastner & Partner Unternehmensberatung GmbH')
  })

  it('creates and patches accounts with permission acc, checking number ranges, VAT id and IBAN', async () => {
    const created = await staff.app.service('acc-suppliers').create({
      client: 1003,
      accounting: 2026,
      account: 200150,
      name: 'Spedition Hinterberger GmbH',
      type: 2,
      vat_id: 'ATU 1223 7854',
      iban: 'AT61 1904 3002 3457 3201',
      country: 'AT',
    })
    expect(created).toMatchObject({ company_no: 1003, account: 200150, type: 2, vat_id: 'ATU12237854', iban: 'AT611904300234573201' })
    const patched = await staff.app.service('acc-suppliers').patch(created.id, { name: 'Spedition Hinterberger & Co GmbH' })
    expect(patched.name).toBe('Spedition Hinterberger & Co GmbH')
    expect(await staff.app.service('acc-suppliers').get(created.id)).toEqual(patched)

    const duplicate = await failure(staff.app.service('acc-suppliers').create({ client: 1003, accounting: 2026, account: 200150, name: 'Again', type: 2 }))
    expect(duplicate).toMatchObject({ name: 'Conflict', code: 409, data: { key: 'errors:account.exists' } })
    const wrongRange = await failure(staff.app.service('acc-suppliers').create({ client: 1003, accounting: 2026, account: 330150, name: 'Not a customer', type: 2 }))
    expect(wrongRange).toMatchObject({ name: 'BadRequest', data: { key: 'errors:query.customerRange', params: { field: 'account', min: 200000, max: 299999 } } })
    const badVat = await failure(staff.app.service('acc-suppliers').create({ client: 1003, accounting: 2026, account: 330151, name: 'Bad UID', type: 3, vat_id: 'ATU12345678' }))
    expect(badVat).toMatchObject({ name: 'BadRequest', data: { key: 'validation:vatId.checkFailed', params: { field: 'vat_id' } } })
    const badIban = await failure(staff.app.service('acc-suppliers').create({ client: 1003, accounting: 2026, account: 330152, name: 'Bad IBAN', type: 3, iban: 'AT00 1234' }))
    expect(badIban).toMatchObject({ name: 'BadRequest', data: { key: 'validation:iban', params: { field: 'iban' } } })
    const noPeriod = await failure(staff.app.service('acc-suppliers').create({ client: 1003, accounting: 2019, account: 330153, name: 'Old', type: 3 }))
    expect(noPeriod).toMatchObject({ name: 'BadRequest', data: { key: 'errors:query.noAccountingPeriod', params: { field: 'accounting', accounting: 2019 } } })
  })
})

describe('aggregator and editor-document', () => {
  it('count 0 without documents, then the unprocessed documents of the asked type and company', async () => {
    const badge = { client_no: 1004, aggregated: true, type: 'ER_U' as const, fullText: null, $select: ['id' as const] }
    expect(await staff.app.service('aggregator').find({ query: badge })).toEqual({ total: 0, limit: 100, skip: 0, data: [] })
    const insert = (row: Record<string, unknown>) =>
      server.knex('documents').insert({ company_no: 1004, mime: 'application/pdf', pages: 1, size: 1000, ...row }).returning('id')
    const [{ id: open }] = await insert({ sha256: 'a'.repeat(64), file_name: 'rechnung-a1.pdf', aggregated: true, full_text: 'Rechnung A1 Telekom Internet Business' })
    await insert({ sha256: 'b'.repeat(64), file_name: 'rechnung-confirmed.pdf', aggregated: true, status: 1 })
    await insert({ sha256: 'c'.repeat(64), file_name: 'noch-nicht-fertig.pdf', aggregated: false })
    await insert({ sha256: 'd'.repeat(64), file_name: 'ausgang.pdf', aggregated: true, document_type: 'AR' })
    await insert({ sha256: 'e'.repeat(64), file_name: 'geloescht.pdf', aggregated: true, deleted_at: new Date() })
    await insert({ sha256: 'f'.repeat(64), file_name: 'scan-stapel.pdf', in_editor: true, total_gross: '1234.56' })

    expect(await staff.app.service('aggregator').find({ query: badge })).toEqual({ total: 1, limit: 100, skip: 0, data: [{ id: open }] })
    const confirmed = await staff.app.service('aggregator').find({ query: { client_no: 1004, type: 'ER' } })
    expect(confirmed.data.map((document) => document.file_name)).toEqual(['rechnung-confirmed.pdf'])
    const trash = await staff.app.service('aggregator').find({ query: { client_no: 1004, type: 'Trash', $select: ['file_name'] } })
    expect(trash.data).toEqual([{ file_name: 'geloescht.pdf' }])
    const found = await staff.app.service('aggregator').find({ query: { client_no: 1004, type: 'FullText', fullText: 'Telekom' } })
    expect(found.data.map((document) => document.id)).toEqual([open])
    // Another company's count is unaffected.
    expect((await staff.app.service('aggregator').find({ query: { ...badge, client_no: 1001 } })).total).toBe(0)

    const editor = await staff.app.service('editor-document').find({ query: { is_processed_documents_accumulator: null, $select: ['id'] } })
    expect(editor.total).toBe(1)
    const full = await staff.app.service('editor-document').find({ query: { client_no: 1004 } })
    expect(full.data[0]).toMatchObject({ file_name: 'scan-stapel.pdf', total_gross: '1234.56', size: 1000, currency: 'EUR' })
    expect((await admin.app.service('editor-document').find({ query: { client_no: 1001 } })).total).toBe(0)
  })
})

describe('users', () => {
  it('lets a user change their own language and favourite client', async () => {
    const keycloakId = client.session!.user.keycloakId
    const changed = await client.app.service('users').patch(keycloakId, { locale: 'de', favClient: 1002 })
    expect(changed).toMatchObject({ email: 'client@demo.portal', locale: 'de', favClient: 1002 })
    const refused = await failure(client.app.service('users').patch(keycloakId, { favClient: 1001 }))
    expect(refused).toMatchObject({ name: 'Forbidden', code: 403 })
    const ownPermissions = await failure(client.app.service('users').patch(keycloakId, { permissions: ['adm'] }))
    expect(ownPermissions).toMatchObject({ name: 'Forbidden', code: 403 })
  })

  it('shows user managers every user, and never a password hash', async () => {
    const page = await admin.app.service('users').find()
    expect(page.data.map((user) => user.email)).toEqual(['admin@demo.portal', 'client@demo.portal', 'staff@demo.portal'])
    const staffUser = page.data.find((user) => user.email === 'staff@demo.portal')!
    expect(staffUser).toMatchObject({ firstName: 'Stefan', lastName: 'Bauer', klienten: [1001, 1002, 1003, 1004, 1005], clientAccess: 'assigned' })
    const single = await admin.app.service('users').get(staffUser.id)
    for (const user of [...page.data, single]) {
      expect(Object.keys(user).filter((key) => /password|hash|secret/i.test(key))).toEqual([])
      expect(JSON.stringify(user)).not.toContain('$argon2')
    }
    const unknownCompany = await failure(admin.app.service('users').patch(staffUser.id, { klienten: [1001, 9999] }))
    expect(unknownCompany).toMatchObject({ name: 'BadRequest', data: { key: 'errors:query.unknownCompany', params: { field: 'klienten', companies: '9999' } } })
    expect((await admin.app.service('users').get(staffUser.id)).klienten).toEqual([1001, 1002, 1003, 1004, 1005])
    const secret = await failure(admin.app.service('users').find({ query: { $select: ['password_hash' as 'email'] } }))
    expect(secret).toMatchObject({ name: 'BadRequest', data: { params: { field: 'password_hash' } } })
  })
})

describe('bad queries', () => {
  const base = { client: 1001, acc: 'bmd', types: [3, 4] }
  const find = (query: Record<string, unknown>) =>
    failure((staff.app.service('acc-suppliers') as unknown as { find(p: unknown): Promise<unknown> }).find({ query }))

  it('names the field and the rule', async () => {
    expect(await find({ ...base, $select: ['name', 'password'] })).toMatchObject({
      name: 'BadRequest',
      code: 400,
      message: 'Unknown field "password" in $select',
      data: { key: 'errors:query.unknownField', params: { field: 'password', param: '$select' } },
    })
    expect(await find({ ...base, $sort: { secret: 1 } })).toMatchObject({ data: { params: { field: 'secret', param: '$sort' } } })
    expect(await find({ ...base, $limit: -5 })).toMatchObject({ data: { key: 'errors:query.invalidLimit', params: { max: 10000 } } })
    expect(await find({ ...base, $limit: 1_000_000 })).toMatchObject({ data: { key: 'errors:query.invalidLimit' } })
    expect(await find({ ...base, name: { $regex: '.*' } })).toMatchObject({ data: { key: 'errors:query.unknownField', params: { field: 'name' } } })
    expect(await find({ ...base, $or: [{ name: 'x' }] })).toMatchObject({ data: { key: 'errors:query.operatorNotAllowed', params: { operator: '$or' } } })
    expect(await find({ ...base, client: 'all' })).toMatchObject({ message: 'Field "client" must be of type integer' })
    expect(await find({ ...base, types: 3 })).toMatchObject({ data: { params: { field: 'types' } } })
  })

  it('refuses a NUL byte the database cannot store, without showing SQL', async () => {
    // (A failing database is answered as a plain GeneralError: tests/integration/hardening.test.ts.)
    const error = await failure(
      staff.app.service('acc-suppliers').create({ client: 1001, accounting: 2026, account: 339999, name: 'Null\u0000Byte', type: 3 }),
    )
    expect(error).toMatchObject({ name: 'BadRequest', code: 400, data: { key: 'errors:query.invalidCharacter', params: { field: 'name' } } })
    expect(JSON.stringify(error)).not.toMatch(/insert|accounts|select/i)
  })

  it('survives malformed socket messages', async () => {
    const raw = await connect(server.url)
    try {
      raw.socket.emit('find', 'acc-suppliers', 'not-an-object', () => undefined)
      raw.socket.emit('create', { evil: true })
      raw.socket.emit('patch', 'acc-suppliers', null, null, null, () => undefined)
      raw.socket.emit('nonsense')
      expect(await staff.app.service('document-category').find()).toHaveLength(9)
    } finally {
      raw.close()
    }
  })
})
