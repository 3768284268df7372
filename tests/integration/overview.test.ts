import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { viennaToday } from '../../packages/sdk/src/domain/index'
import type { CompanyOverviewRow, MonthCheck } from '../../packages/sdk/src/services/index'
import { monthBounds, previousMonth } from '../../packages/sdk/src/state/index'
import { bookForTest } from '../support/erp-bookings'
import { startTestServer, type TestServer } from '../support/server'
import { uploadFiles } from '../support/session'
import { signIn } from '../support/tokens'
import { connect, DEMO, DEMO_PASSWORD, failure, nextEvent, type Connection } from './services.support'

// Issue 34 through the real server: the firm dashboard's counts (each changes when its thing changes, and the row's
// event says so), the month check's reasons and light, and the client's release: audited, withdrawn, refused once
// the firm exported the month. Company 1002 is the client's and the staff's; 1006 only the admin's.

const COMPANY = 1002
const INVOICE_PDF = join(import.meta.dirname, '../fixtures/corpora/zugferd_corpus/docs/XML-Rechnung__FX__EN16931_1_Teilrechnung.pdf')
const today = viennaToday()
const month = previousMonth(today)
const { from, to } = monthBounds(month)

let server: TestServer
let staff: Connection
let client: Connection
let staffToken: string
let counter = 0

beforeAll(async () => {
  server = await startTestServer()
  const [staffTokens, clientTokens] = await Promise.all([signIn(server.url, DEMO.staff, DEMO_PASSWORD), signIn(server.url, DEMO.client, DEMO_PASSWORD)])
  staffToken = staffTokens.idToken
  ;[staff, client] = await Promise.all([connect(server.url, staffTokens.idToken), connect(server.url, clientTokens.idToken)])
}, 120_000)

afterAll(async () => {
  staff?.close()
  client?.close()
  await server?.close()
})

/** The dashboard row of a company as staff see it. */
async function row(companyNo = COMPANY): Promise<CompanyOverviewRow> {
  const page = await staff.app.service('company-overview').find({ query: { search: String(companyNo) } })
  const found = page.data.find((candidate) => candidate.company_no === companyNo)
  if (!found) throw new Error(`no row for ${companyNo}`)
  return found
}

/** A document row written straight into the table (the counts read the table; intake is tested elsewhere). */
async function document(values: Record<string, unknown>): Promise<number> {
  const [{ id }] = (await server.knex('documents')
    .insert({ company_no: COMPANY, document_type: 'ER', status: 0, sha256: String(++counter).padStart(64, 'a'), file_name: `overview-${counter}.pdf`, mime: 'application/pdf', processing_state: 'done', aggregated: true, ...values })
    .returning('id')) as { id: number }[]
  return Number(id)
}

/** A bank account of the company with a statement of the month, opening and closing as given. */
async function statement(accessId: number, opening: string, closing: string, closingDate: string): Promise<void> {
  await server.knex('bank_statements').insert({ access_id: accessId, company_no: COMPANY, statement_id: `S-${++counter}`, format: 'camt053', opening, closing, opening_date: closingDate, closing_date: closingDate })
}

describe('the firm dashboard', () => {
  it('shows every company staff hold, one row each, and none of others', async () => {
    const page = await staff.app.service('company-overview').find({ query: { $limit: 100 } })
    expect(page.data.map((candidate) => candidate.company_no)).toEqual([1001, 1002, 1003, 1004, 1005])
    expect(page.month).toBe(month)
    expect(page.data[1]).toMatchObject({ company_no: 1002, company_name: 'Bäckerei Steiner KG', month: { month, light: 'green', released: null, exported: false } })
  })

  it('counts a new incoming invoice and sends the row its event', async () => {
    const before = await row()
    const changed = nextEvent<{ company_no: number }>(staff.app, 'company-overview', 'patched', 30_000)
    const response = await uploadFiles(server.url, staffToken, COMPANY, [{ name: 'overview-invoice.pdf', bytes: await readFile(INVOICE_PDF) }], 'er_u')
    expect(response.ok).toBe(true)
    expect(await changed).toMatchObject({ company_no: COMPANY })
    expect((await row()).invoices_open).toBe(before.invoices_open + 1)
  })

  it('counts editor documents, open and overdue requests, unmatched bank transactions, unpaid items, exports and FON items', async () => {
    const before = await row()
    await document({ in_editor: true })
    await server.knex('document_requests').insert([
      { company_no: COMPANY, text: 'Beleg zur Abbuchung A1', due_date: '2000-01-31', created_at: `${from}T08:00:00Z` },
      { company_no: COMPANY, text: 'Mietvertrag', due_date: '2999-12-31', created_at: `${from}T08:00:00Z` },
      { company_no: COMPANY, text: 'Erledigt', due_date: '2000-01-31', status: 'closed' },
    ])
    const [{ id: accessId }] = (await server.knex('bank_accesses').insert({ company_no: COMPANY, iban: 'AT483200000012345864', status: 'approved', provider: 'files' }).returning('id')) as { id: number }[]
    await statement(accessId, '1000.00', '900.00', from)
    await server.knex('bank_transactions').insert([
      { company_no: COMPANY, access_id: accessId, entry_key: `k-${++counter}`, booking_date: from, value_date: from, amount: '-60.00', currency: 'EUR', counterparty_name: 'A1 Telekom Austria AG' },
      { company_no: COMPANY, access_id: accessId, entry_key: `k-${++counter}`, booking_date: to, value_date: to, amount: '-40.00', currency: 'EUR', counterparty_name: 'Wien Energie GmbH' },
    ])
    const invoice = await document({ document_type: 'ER' })
    const booking = await bookForTest(server.knex, { document_id: invoice, company_no: COMPANY, period: month, due_date: from })
    await server.knex('fon_items').insert({ tax_id: '123456789', return_type: 'U', year: 2026, name: 'Bäckerei Steiner KG', state: 'dataConflict', reconciled_state: 'dataConflict', action: 'check', company_no: COMPANY })

    const after = await row()
    expect(after).toMatchObject({
      editor: before.editor + 1,
      requests_open: 2,
      requests_overdue: 1,
      unmatched: 2,
      unpaid_due: before.unpaid_due + 1,
      fon: { state: 'conflict', conflicts: 1 },
    })
    expect(after.month.reasons).toEqual([
      { code: 'unmatchedTransactions', count: 2 },
      { code: 'overdueRequests', count: 1 },
      { code: 'openRequests', count: 1 },
    ])
    expect(after.month.light).toBe('red')

    // Paying the item through the real service takes it off the count, and the row's event says so.
    const changed = nextEvent<{ company_no: number }>(staff.app, 'company-overview', 'patched', 30_000)
    await staff.app.service('payments').create({ booking_id: booking.id, paid_on: today, amount: '240.00', method: 'bankTransaction' })
    expect(await changed).toMatchObject({ company_no: COMPANY })
    expect((await row()).unpaid_due).toBe(before.unpaid_due)
  })

  it('finds a gap in the bank statements, an account without a statement, and cash receipts not booked', async () => {
    const [{ id: accessId }] = (await server.knex('bank_accesses').insert({ company_no: COMPANY, iban: 'AT611904300234573201', status: 'approved', provider: 'files' }).returning('id')) as { id: number }[]
    await statement(accessId, '500.00', '450.00', from)
    // Opens with 400.00 where the statement before closed with 450.00: a statement is missing between them.
    await statement(accessId, '400.00', '380.00', to)
    await document({ document_type: 'KA', invoice_date: from })
    const check = (await row()).month
    expect(check.reasons).toEqual(expect.arrayContaining([{ code: 'statementGap', count: 1 }, { code: 'cashBookOpen', count: 1 }]))
    // The first account's only statement lies in the month: nothing missing yet. A month later, both are missing.
    const [later] = await client.app.service('month-checks').find({ query: { client: COMPANY, until: `${Number(month.slice(0, 4)) + 1}${month.slice(4)}`, months: 1 } })
    expect(later.reasons).toEqual(expect.arrayContaining([{ code: 'statementMissing', count: 2 }]))
  })

  it('filters and sorts the rows', async () => {
    const red = await staff.app.service('company-overview').find({ query: { only: 'red' } })
    expect(red.data.map((candidate) => candidate.company_no)).toEqual([COMPANY])
    const byInvoices = await staff.app.service('company-overview').find({ query: { $sort: { invoices_open: -1 }, $limit: 1 } })
    expect(byInvoices).toMatchObject({ total: 5, limit: 1 })
    expect(byInvoices.data[0].invoices_open).toBe(Math.max(...(await staff.app.service('company-overview').find({})).data.map((candidate) => candidate.invoices_open)))
    expect((await staff.app.service('company-overview').find({ query: { search: 'steiner graz' } })).data.map((candidate) => candidate.company_no)).toEqual([COMPANY])
  })

  it('refuses a user without ove and a bad filter, naming the field', async () => {
    expect(await failure(client.app.service('company-overview').find({}))).toMatchObject({ code: 403 })
    expect(await failure(staff.app.service('company-overview').find({ query: { month: '2026-13' } as never }))).toMatchObject({ code: 400, data: { params: { field: 'month' } } })
  })
})

describe('the month release', () => {
  const released = `${COMPANY}-${month}`

  it('is made by the client, audited, seen by staff at once, and withdrawn again', async () => {
    const toStaff = nextEvent<MonthCheck>(staff.app, 'month-checks', 'created', 10_000)
    const overviewEvent = nextEvent<{ company_no: number }>(staff.app, 'company-overview', 'patched', 10_000)
    const check = await client.app.service('month-checks').create({ company_no: COMPANY, month })
    expect(check).toMatchObject({ id: released, month, released: { released_by_name: 'Clara Steiner' }, exported: false })
    expect(await toStaff).toMatchObject({ id: released })
    expect(await overviewEvent).toMatchObject({ company_no: COMPANY })
    expect((await row()).month.released).toMatchObject({ released_by_name: 'Clara Steiner' })
    expect(await failure(client.app.service('month-checks').create({ company_no: COMPANY, month }))).toMatchObject({ code: 409, data: { key: 'overview:error.alreadyReleased' } })

    const withdrawn = await client.app.service('month-checks').remove(released)
    expect(withdrawn.released).toBeNull()
    const audit = (await server.knex('audit_log').where({ entity: 'month_releases', entity_id: released }).orderBy('id').select('action', 'actor_name')) as { action: string; actor_name: string }[]
    expect(audit).toEqual([
      { action: 'month.release', actor_name: 'Clara Steiner' },
      { action: 'month.withdraw', actor_name: 'Clara Steiner' },
    ])
  })

  it('cannot be withdrawn once the firm exported the month, and says why', async () => {
    await client.app.service('month-checks').create({ company_no: COMPANY, month })
    await server.knex('erp_export_batches').insert({ company_no: COMPANY, format: 'bmd', date_from: from, date_to: to, period: month, bookings: 1, lines: 1, documents: 1, booking_file_name: 'buchungen.csv', booking_file: Buffer.from('x'), zip_name: 'export.zip', zip_size: 1, zip_sha256: '0'.repeat(64), created_at: new Date() })
    const refusal = await failure(client.app.service('month-checks').remove(released))
    expect(refusal).toMatchObject({ code: 409, data: { key: 'overview:error.exported', params: { month } } })
    const [check] = await client.app.service('month-checks').find({ query: { client: COMPANY, months: 1 } })
    expect(check).toMatchObject({ exported: true, released: { released_by_name: 'Clara Steiner' } })
    expect((await row()).last_export).toBe(month)
  })

  it('refuses a foreign company, a month in the future and a malformed id without changing anything', async () => {
    expect(await failure(client.app.service('month-checks').create({ company_no: 1006, month }))).toMatchObject({ code: 403 })
    expect(await failure(client.app.service('month-checks').remove(`1006-${month}`))).toMatchObject({ code: 403 })
    expect(await failure(client.app.service('month-checks').create({ company_no: COMPANY, month: '2999-01' }))).toMatchObject({ code: 400, data: { params: { field: 'month' } } })
    expect(await failure(client.app.service('month-checks').remove('1002-26'))).toMatchObject({ code: 400, data: { params: { field: 'id' } } })
    expect(Number((await server.knex('month_releases').where({ company_no: 1006 }).count({ n: '*' }))[0]!.n)).toBe(0)
  })
})

describe('dashboard events', () => {
  it('reach staff of the company, not the client without ove, nor staff for a company they do not hold', async () => {
    const admin = await connect(server.url, (await signIn(server.url, DEMO.admin, DEMO_PASSWORD)).idToken)
    try {
      // Only 1006's row counts here: the earlier tests' changes of 1002 may still be relayed to staff and client.
      const of1006 = (app: typeof staff.app) =>
        new Promise<unknown>((resolve) => {
          const listener = (row: { company_no: number }) => row.company_no === 1006 && resolve(row)
          app.service('company-overview').on('patched', listener)
          setTimeout(() => {
            app.service('company-overview').removeListener('patched', listener)
            resolve(undefined)
          }, 1500)
        })
      const toClient = of1006(client.app)
      const toStaff = of1006(staff.app)
      const toAdmin = nextEvent<{ company_no: number }>(admin.app, 'company-overview', 'patched', 10_000)
      await admin.app.service('month-checks').create({ company_no: 1006, month })
      expect(await toAdmin).toMatchObject({ company_no: 1006 })
      expect(await toStaff).toBeUndefined()
      expect(await toClient).toBeUndefined()
    } finally {
      admin.close()
    }
  })
})
