import { createHash, randomBytes } from 'node:crypto'
import { join } from 'node:path'
import { PDFDocument, StandardFonts } from 'pdf-lib'
import type { Knex } from 'knex'
import { DataSource, DocumentStatus } from '../packages/sdk/src/domain/index'
import { FileDocumentStore } from '../packages/server/src/documents/store'
import { latencyRows, measure } from './latency'
import { withSeededServer } from './seeded-server'
import { openDocument } from './server-process'
import type { BenchRow } from './table'

// Issue 11: the Accounting screen with 10,000 documents in one company, on the embedded database (PGlite) with the
// built server in its own process: a view's first page (and its counts), and opening the next document.

const DOCUMENTS = 10_000
/** Documents with a real file (the ones opened); the others have rows, pages and candidates only. */
const WITH_FILES = 40
const COMPANY = 1001
const SUPPLIERS = ['Tischlerei Berger GmbH', 'A1 Telekom Austria AG', 'Wien Energie GmbH', 'Metro Cash & Carry GmbH', 'Bäckerei Zopf OG']

/** A one-page invoice with a text layer; `n` makes every file different. */
async function invoicePdf(n: number): Promise<Uint8Array> {
  const doc = await PDFDocument.create()
  const page = doc.addPage([595, 842])
  const font = await doc.embedFont(StandardFonts.Helvetica)
  const lines = [`${SUPPLIERS[n % SUPPLIERS.length]}, Landstraße 12, 4020 Linz`, `Rechnungsnummer: BR-${n}`, 'Rechnungsdatum: 14.11.2026', 'Gesamtbetrag EUR 120,00']
  lines.forEach((text, i) => page.drawText(text, { x: 50, y: 780 - i * 18, size: 11, font }))
  return doc.save()
}

/** Inserts DOCUMENTS finished documents into the company (a quarter confirmed, some outgoing), each with a page and candidates. */
export async function seedDocuments(knex: Knex, dataDir: string): Promise<number[]> {
  const store = new FileDocumentStore(join(dataDir, 'documents'))
  const opened: number[] = []
  const start = Date.UTC(2025, 0, 1)
  for (let batch = 0; batch < DOCUMENTS; batch += 500) {
    const rows = []
    for (let n = batch; n < Math.min(DOCUMENTS, batch + 500); n++) {
      const bytes = n < WITH_FILES ? await invoicePdf(n) : undefined
      const sha256 = bytes ? (await store.put(bytes)).sha256 : createHash('sha256').update(randomBytes(16)).digest('hex')
      const gross = (((n * 7919) % 500000) / 100 + 1).toFixed(2)
      rows.push({
        company_no: COMPANY,
        document_type: n % 10 === 9 ? 'AR' : n % 20 === 7 ? 'Other' : 'ER',
        status: n % 4 === 0 ? DocumentStatus.Confirmed : 0,
        sha256,
        file_name: `beleg-${n}.pdf`,
        mime: 'application/pdf',
        file_kind: 'pdf',
        pages: 1,
        size: bytes?.length ?? 2000,
        processing_state: 'done',
        aggregated: true,
        invoice_date: new Date(start + (n % 600) * 86_400_000).toISOString().slice(0, 10),
        invoice_number: `BR-${n}`,
        total_gross: gross,
        party_name: SUPPLIERS[n % SUPPLIERS.length],
        full_text: `${SUPPLIERS[n % SUPPLIERS.length]} Rechnung BR-${n} Gesamtbetrag EUR ${gross}`,
        created_at: new Date(start + n * 60_000),
      })
    }
    const ids = (await knex('documents').insert(rows).returning('id')).map((row: { id: number }) => Number(row.id))
    await knex('document_pages').insert(ids.map((document_id) => ({ document_id, page_no: 1, text: 'Rechnung', has_text_layer: true, width: 595, height: 842 })))
    const candidates = ids.flatMap((document_id, i) =>
      (['invoice_number', 'issue_date', 'total_gross', 'seller_name', 'currency', 'total_net', 'total_tax', 'iban'] as const).map((field) => ({
        document_id,
        field,
        value: field === 'invoice_number' ? `BR-${batch + i}` : field === 'currency' ? 'EUR' : field === 'seller_name' ? SUPPLIERS[(batch + i) % SUPPLIERS.length] : '100.00',
        source: DataSource.PDF_Parse,
        confidence: 0.9,
        page: 1,
        box: JSON.stringify({ x: 50, y: 60, width: 80, height: 12 }),
        chosen: true,
      })),
    )
    for (let i = 0; i < candidates.length; i += 1000) await knex('document_candidates').insert(candidates.slice(i, i + 1000))
    // The unconfirmed incoming ones with files are what a person opens one after the other.
    for (const [i, id] of ids.entries()) {
      const n = batch + i
      if (n < WITH_FILES && rows[i].document_type === 'ER' && rows[i].status === 0) opened.push(id)
    }
  }
  await knex.raw('analyze documents')
  return opened
}

const rowsOf = (metric: string, samples: number[], target?: { text: string; max: number }) => latencyRows('review', metric, samples, target)

/** Review figures of issue 11: a view's first page with 10,000 documents, counts, and opening the next document. */
export async function run(): Promise<BenchRow[]> {
  const rows: BenchRow[] = []
  await withSeededServer({ name: 'review', email: 'staff@demo.portal', seed: seedDocuments }, async ({ server, client, idToken }, opened) => {
    const aggregator = client.service('aggregator')
    const firstPage = (type: 'ER_U' | 'ER' | 'AR_U') => () => aggregator.find({ query: { client_no: COMPANY, type, $limit: 50 } })
    // Warm both processes' JIT and the database's caches on the very calls measured.
    await measure(30, firstPage('ER_U'))
    const total = (await aggregator.find({ query: { client_no: COMPANY, type: 'ER_U', $limit: 0 } })).total
    rows.push(...rowsOf(`view ER_U first page of 50 (${total} of ${DOCUMENTS} documents in the company)`, await measure(100, firstPage('ER_U')), { text: '< 50', max: 50 }))
    rows.push(...rowsOf('view ER first page of 50', await measure(50, firstPage('ER'))))
    rows.push(
      ...rowsOf(
        'view ER_U first page, filtered (party, amount range) and sorted by gross',
        await measure(50, () =>
          aggregator.find({ query: { client_no: COMPANY, type: 'ER_U', party: 'gmbh', amount_min: '100.00', amount_max: '3000.00', $sort: { total_gross: -1 }, $limit: 50 } }),
        ),
        { text: '< 50', max: 50 },
      ),
    )
    rows.push(...rowsOf('view ER_U page 100 of 50 (deep paging)', await measure(30, () => aggregator.find({ query: { client_no: COMPANY, type: 'ER_U', $limit: 50, $skip: 4950 } }))))
    rows.push(...rowsOf('invoice-counts, every view in one call', await measure(50, () => client.service('invoice-counts').find({ query: { client_no: COMPANY } })), { text: '< 50', max: 50 }))

    // Opening the next document: its fields (with the document and its version) and its file, side by side as the screen asks.
    const open = (round: number) => openDocument(client, server.url, idToken, opened[round % opened.length])
    await measure(10, open)
    rows.push(...rowsOf(`open the next document (fields + presence + file, ${opened.length} documents in turn)`, await measure(60, open), { text: '< 300', max: 300 }))
  })
  return rows
}
