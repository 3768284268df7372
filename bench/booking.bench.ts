import { createHash, randomBytes } from 'node:crypto'
import type { Knex } from 'knex'
import { DataSource, DocumentStatus } from '../packages/sdk/src/domain/index'
import { DEMO_SUPPLIERS } from '../packages/server/src/db/seed-demo-data'
import { latencyRows, measure } from './latency'
import { withSeededServer } from './seeded-server'
import type { BenchRow } from './table'

// Issue 12: booking a confirmed document on the server (document-bookings.create: checks, Human_Booking candidates,
// the numbered booking row, the Booked flag, history, teaching the supplier) and reading a document's booking with its
// suggestions, in a company with 5,000 confirmed invoices and 2,000 earlier bookings, on PGlite with the built server.

const DOCUMENTS = 5_000
const EARLIER_BOOKINGS = 2_000
const COMPANY = 1002
const MEASURED = 150
const WARMUP = 20
/** Three demo suppliers: the documents carry their names and VAT ids, so they match the accounts. */
const SUPPLIERS = DEMO_SUPPLIERS.slice(0, 3)

/** Confirmed incoming invoices (100.00 + 20 % = 120.00) with their confirmed values as candidates; answers their ids. */
async function seedConfirmed(knex: Knex): Promise<number[]> {
  const ids: number[] = []
  for (let batch = 0; batch < DOCUMENTS; batch += 500) {
    const rows = []
    for (let n = batch; n < Math.min(DOCUMENTS, batch + 500); n++) {
      const supplier = SUPPLIERS[n % SUPPLIERS.length]
      rows.push({
        company_no: COMPANY,
        document_type: 'ER',
        status: DocumentStatus.Confirmed,
        sha256: createHash('sha256').update(randomBytes(16)).digest('hex'),
        file_name: `beleg-${n}.pdf`,
        mime: 'application/pdf',
        file_kind: 'pdf',
        pages: 1,
        size: 2000,
        processing_state: 'done',
        aggregated: true,
        invoice_date: '2026-03-12',
        invoice_number: `BK-${n}`,
        total_net: '100.00',
        tax_amount: '20.00',
        total_gross: '120.00',
        party_name: supplier.name,
      })
    }
    const inserted = (await knex('documents').insert(rows).returning('id')).map((row: { id: number }) => Number(row.id))
    const values = (n: number) => ({
      invoice_number: `BK-${n}`,
      issue_date: '2026-03-12',
      total_net: '100.00',
      total_tax: '20.00',
      total_gross: '120.00',
      seller_name: SUPPLIERS[n % SUPPLIERS.length].name,
      seller_vat_id: SUPPLIERS[n % SUPPLIERS.length].vat_id,
      currency: 'EUR',
    })
    const candidates = inserted.flatMap((document_id, i) =>
      Object.entries(values(batch + i)).map(([field, value]) => ({ document_id, field, value, source: DataSource.Human_Confirmation, confidence: 1, chosen: true })),
    )
    for (let i = 0; i < candidates.length; i += 1000) await knex('document_candidates').insert(candidates.slice(i, i + 1000))
    ids.push(...inserted)
  }
  return ids
}

/** EARLIER_BOOKINGS standing bookings of other documents (inserted as the export would find them). */
async function seedBookings(knex: Knex, documents: number[]): Promise<void> {
  const rows = documents.slice(0, EARLIER_BOOKINGS).map((document_id, n) => ({
    document_id,
    company_no: COMPANY,
    booking_no: n + 1,
    kind: 'booking',
    document_type: 'ER',
    account: SUPPLIERS[n % SUPPLIERS.length].account,
    counter_account: 7200,
    cost_center: '300',
    period: '2026-03',
    book: 'ER',
    document_date: '2026-03-12',
    booking_date: '2026-03-20',
    gross: '120.00',
    lines: JSON.stringify([{ taxCode: 'V20', rate: '20', net: '100.00', tax: '20.00', gross: '120.00' }]),
  }))
  for (let i = 0; i < rows.length; i += 500) await knex('bookings').insert(rows.slice(i, i + 500))
  await knex('documents')
    .whereIn('id', documents.slice(0, EARLIER_BOOKINGS))
    .update({ status: DocumentStatus.Confirmed | DocumentStatus.Booked })
  await knex.raw('analyze documents')
  await knex.raw('analyze bookings')
}

const rowsOf = (metric: string, samples: number[], target?: { text: string; max: number }) => latencyRows('booking', metric, samples, target)

/** Booking figures of issue 12: book a document (p95 < 100 ms) and read a booking with its suggestions. */
export async function run(): Promise<BenchRow[]> {
  const rows: BenchRow[] = []
  const seed = async (knex: Knex) => {
    const documents = await seedConfirmed(knex)
    await seedBookings(knex, documents)
    return documents.slice(EARLIER_BOOKINGS)
  }
  await withSeededServer({ name: 'booking', email: 'staff@demo.portal', seed }, async ({ client }, open) => {
    const bookings = client.service('document-bookings')
    let next = 0
    const suggest = (round: number) => bookings.get(open[(round * 7) % open.length])
    // Each round books the next unbooked document with what the panel would send after reading its suggestions.
    const book = async () => {
      const id = open[next++]
      const state = await bookings.get(id)
      const t0 = performance.now()
      await bookings.create({
        document_id: id,
        version: state.version,
        account: SUPPLIERS[id % SUPPLIERS.length].account,
        counter_account: 7200,
        cost_center: '300',
        period: '2026-03',
        book: 'ER',
        text: `Beleg ${id}`,
        lines: [{ taxCode: 'V20', amount: '100.00' }],
      })
      return performance.now() - t0
    }
    for (let i = 0; i < WARMUP; i++) await book()
    const samples: number[] = []
    for (let i = 0; i < MEASURED; i++) samples.push(await book())
    rows.push(...rowsOf(`book a confirmed document (${MEASURED} in turn; ${DOCUMENTS} documents, ${EARLIER_BOOKINGS} earlier bookings)`, samples, { text: '< 100', max: 100 }))
    await measure(20, suggest)
    rows.push(...rowsOf('read a booking with its suggestions (document-bookings.get)', await measure(100, suggest), { text: '< 100', max: 100 }))
  })
  return rows
}
