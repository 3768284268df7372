import type { Knex } from 'knex'
import { viennaToday } from '../packages/sdk/src/domain/index'
import { monthBounds, previousMonth } from '../packages/sdk/src/state/index'
import type { CompanyOverviewQuery } from '../packages/sdk/src/services/index'
import { latencyRows, measure } from './latency'
import { withSeededServer } from './seeded-server'
import type { BenchRow } from './table'

// Issue 34: the firm dashboard's first page over 500 companies, each with documents, bookings and payments, bank
// movements and statements, requests, exports, FON items and a release, through the built server on PGlite (target:
// first page p95 < 100 ms), and the first page ordered or filtered by the counts, where every company is counted.

const COMPANIES = 500
const FIRST = 2001
const MEASURED = 60
const WARMUP = 10

/** Inserts rows 1,000 at a time. */
async function insert(knex: Knex, table: string, rows: Record<string, unknown>[]): Promise<void> {
  for (let start = 0; start < rows.length; start += 1_000) await knex(table).insert(rows.slice(start, start + 1_000))
}

/** 500 companies with something of everything the dashboard counts; the demo admin holds them all. */
export async function seed(knex: Knex): Promise<number> {
  const today = viennaToday()
  const month = previousMonth(today)
  const { from, to } = monthBounds(month)
  const firm = (await knex('firms').first('id')) as { id: number }
  const numbers = Array.from({ length: COMPANIES }, (_, n) => FIRST + n)
  await insert(knex, 'companies', numbers.map((company_no) => ({ company_no, firm_id: firm.id, company_name: `Bench Klient ${company_no} GmbH`, company_place: 'Wien', current_accounting: 2026 })))
  await insert(knex, 'company_settings', numbers.map((company_no) => ({ company_no, show_cash_book: company_no % 2 === 0 })))
  const documents: Record<string, unknown>[] = []
  for (const company_no of numbers) {
    for (let n = 0; n < 40; n++) {
      const kind = n % 4 === 3 ? 'KA' : 'ER'
      documents.push({ company_no, document_type: kind, status: n % 3 === 0 ? 0 : 3, in_editor: n % 10 === 9, sha256: `${company_no}-${n}`.padStart(64, '0'), file_name: `bench-${n}.pdf`, mime: 'application/pdf', processing_state: 'done', aggregated: true, invoice_date: n % 2 ? from : to })
    }
  }
  await insert(knex, 'documents', documents)
  const anyDocument = (await knex('documents').where('company_no', FIRST).first('id')) as { id: number }
  const bookings: Record<string, unknown>[] = []
  for (const company_no of numbers) {
    for (let n = 0; n < 20; n++) {
      bookings.push({ document_id: anyDocument.id, company_no, booking_no: n + 1, kind: 'booking', currency: 'EUR', document_type: n % 2 ? 'ER' : 'AR', account: n % 2 ? 330001 : 200001, counter_account: 5000, period: month, document_date: from, booking_date: from, due_date: n % 3 ? from : '2999-12-31', gross: '120.00', lines: JSON.stringify([{ taxCode: 'V20', rate: '20', net: '100.00', tax: '20.00', gross: '120.00' }]) })
    }
  }
  await insert(knex, 'bookings', bookings)
  const accesses = (await knex('bank_accesses')
    .insert(numbers.map((company_no) => ({ company_no, iban: `AT${company_no}`, status: 'approved', provider: 'files' })))
    .returning(['id', 'company_no'])) as { id: number; company_no: number }[]
  await insert(knex, 'bank_statements', accesses.flatMap(({ id, company_no }) => [
    { access_id: id, company_no, statement_id: 'S1', format: 'camt053', opening: '1000.00', closing: '900.00', opening_date: from, closing_date: from },
    { access_id: id, company_no, statement_id: 'S2', format: 'camt053', opening: company_no % 7 ? '900.00' : '850.00', closing: '800.00', opening_date: to, closing_date: to },
  ]))
  await insert(knex, 'bank_transactions', accesses.flatMap(({ id, company_no }) => Array.from({ length: 30 }, (_, n) => ({ company_no, access_id: id, entry_key: `e${n}`, booking_date: n % 2 ? from : to, value_date: from, amount: '-10.00', currency: 'EUR', counterparty_name: 'Bench' }))))
  await insert(knex, 'document_requests', numbers.flatMap((company_no) => [
    { company_no, text: 'Beleg', due_date: from, created_at: `${from}T08:00:00Z` },
    { company_no, text: 'Vertrag', due_date: '2999-12-31', status: company_no % 3 ? 'open' : 'closed' },
  ]))
  await insert(knex, 'erp_export_batches', numbers.filter((n) => n % 2).map((company_no) => ({ company_no, format: 'bmd', date_from: from, date_to: to, period: month, bookings: 1, lines: 1, documents: 1, booking_file_name: 'b.csv', booking_file: Buffer.from('x'), zip_name: 'e.zip', zip_size: 1, zip_sha256: '0'.repeat(64), created_at: new Date() })))
  await insert(knex, 'fon_items', numbers.map((company_no, n) => ({ tax_id: `${company_no}`, return_type: 'U', year: 2026, name: 'Bench', state: n % 5 ? 'submitted' : 'dataConflict', reconciled_state: 'submitted', action: 'none', company_no })))
  await insert(knex, 'month_releases', numbers.filter((n) => n % 4 === 0).map((company_no) => ({ company_no, month, released_by_name: 'Bench' })))
  for (const table of ['documents', 'bookings', 'bank_transactions', 'bank_statements', 'document_requests', 'erp_export_batches', 'fon_items', 'month_releases', 'companies']) await knex.raw(`analyze ${table}`)
  return documents.length
}

/**
 * The dashboard's first page of 500 companies as it opens (number order: only the page's companies are counted), and
 * the first page sorted by a count or filtered to open work (every company counted).
 */
export async function run(): Promise<BenchRow[]> {
  return withSeededServer({ name: 'overview', email: 'admin@demo.portal', seed }, async ({ client }) => {
    const find = (query: CompanyOverviewQuery) => client.service('company-overview').find({ query })
    const first = await find({ $limit: 50 })
    if (first.total < COMPANIES) throw new Error(`the dashboard answered ${first.total} companies, expected at least ${COMPANIES}`)
    const opening = () => find({ $limit: 50 })
    await measure(WARMUP, opening)
    const rows = latencyRows('overview', `firm dashboard, first page of ${first.total} companies`, await measure(MEASURED, opening), { text: 'p95 < 100 ms', max: 100 })
    const byCounts = [{ $limit: 50, $sort: { invoices_open: -1 as const } }, { $limit: 50, only: 'open' as const, $sort: { light: -1 as const } }]
    const counted = (round: number) => find(byCounts[round % byCounts.length])
    await measure(WARMUP, counted)
    return [...rows, ...latencyRows('overview', `firm dashboard, first page sorted by a count or filtered (all ${first.total} counted)`, await measure(MEASURED, counted))]
  })
}
