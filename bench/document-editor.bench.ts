import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import * as mupdf from 'mupdf'
import { PDFDocument } from 'pdf-lib'
import type { DocumentRecord, UploadResponse } from '../packages/sdk/src/services/index'
import { pageSignals } from '../packages/server/src/extraction/split/page-signals'
import { suggestCuts } from '../packages/server/src/extraction/split/suggest-cuts'
import { testBatchPdf, testInvoices, trueCuts, type TestPrint } from '../packages/server/src/extraction/split/test-batches'
import { readPdfTextFast } from '../packages/server/src/extraction/text/mupdf-text'
import { startTestServer, type TestServer } from '../tests/support/server'
import { signInSession, type UserSession } from '../tests/support/session'
import type { BenchRow } from './table'

// Issue 17: the document editor. Thumbnails of a 50-page scan (image pages, as a scanner delivers them) fetched as the
// editor does (six at a time, like a browser); completing a 20-invoice batch until every document is extracted; and
// how many of the true cuts the suggestion finds on generated batches (different suppliers, two-page invoices).

const COMPANY = 1003
const GROUP = 'document editor'

/** A 50-page scan: the generated invoices' pages drawn at 100 dpi and put back as image pages. */
async function scanOf(pages: number): Promise<Uint8Array> {
  const source = mupdf.Document.openDocument(await testBatchPdf(testInvoices(40, 2)), 'application/pdf')
  const out = await PDFDocument.create()
  for (let index = 0; index < pages; index += 1) {
    const page = source.loadPage(index % source.countPages())
    const png = page.toPixmap(mupdf.Matrix.scale(100 / 72, 100 / 72), mupdf.ColorSpace.DeviceGray, false, false).asPNG()
    const image = await out.embedPng(png)
    out.addPage([595, 842]).drawImage(image, { x: 0, y: 0, width: 595, height: 842 })
  }
  return out.save()
}

async function upload(server: TestServer, staff: UserSession, name: string, bytes: Uint8Array): Promise<number> {
  const form = new FormData()
  form.append('files', new Blob([new Uint8Array(bytes)]), name)
  const response = await fetch(`${server.url}/api/documents/upload?client=${COMPANY}&editor=1`, { method: 'POST', body: form, headers: { authorization: `Bearer ${staff.token}` } })
  const [result] = ((await response.json()) as UploadResponse).results
  if (result.status !== 'uploaded' || result.documentId === undefined) throw new Error(`upload refused: ${JSON.stringify(result)}`)
  return result.documentId
}

async function thumbnails(server: TestServer, staff: UserSession): Promise<number> {
  const pages = 50
  const id = await upload(server, staff, 'scan-50.pdf', await scanOf(pages))
  const started = performance.now()
  const queue = Array.from({ length: pages }, (_, index) => index + 1)
  const worker = async () => {
    for (let page = queue.shift(); page !== undefined; page = queue.shift()) {
      const response = await fetch(`${server.url}/api/documents/${id}/pages/${page}?width=192`, { headers: { authorization: `Bearer ${staff.token}` } })
      if (!response.ok) throw new Error(`page ${page}: ${response.status}`)
      await response.arrayBuffer()
    }
  }
  await Promise.all(Array.from({ length: 6 }, worker))
  return (performance.now() - started) / 1000
}

async function completion(server: TestServer, staff: UserSession): Promise<{ seconds: number; parts: number }> {
  const invoices = testInvoices(20, 8)
  const documents = staff.client.service('documents')
  const read = new Promise<void>((resolve) => {
    const handler = (record: DocumentRecord) => {
      if (record.file_name === 'stapel-20.pdf' && record.processing_state === 'done') resolve()
    }
    documents.on('patched', handler)
  })
  const id = await upload(server, staff, 'stapel-20.pdf', await testBatchPdf(invoices))
  await read
  const batch = await staff.client.service('document-editor').get(id)
  const extracted = new Set<number>()
  const all = new Promise<void>((resolve) => {
    documents.on('patched', (record: DocumentRecord) => {
      if (record.processing_state === 'done' && record.file_name.startsWith('RE-')) extracted.add(record.id)
      if (extracted.size === batch.parts.length) resolve()
    })
  })
  const started = performance.now()
  await staff.client.service('document-editor').patch(id, { action: 'completeDocument', parts: batch.parts.map((part) => part.id), client_no: COMPANY, document_group: 'ER' })
  await all
  return { seconds: (performance.now() - started) / 1000, parts: batch.parts.length }
}

/** Cuts found / true and suggested cuts that are true over generated batches; `print` chooses how they are printed. */
async function accuracy(print: TestPrint = {}): Promise<{ recall: number; precision: number; batches: number; found: number; truth: number; suggested: number }> {
  let found = 0
  let suggested = 0
  let truth = 0
  const batches = 12
  for (let seed = 1; seed <= batches; seed += 1) {
    // Every third batch is of one supplier only: there the invoice numbers and page counters must tell (receipts
    // printed with nothing but their letterhead always differ in supplier).
    const generated = testInvoices(6 + (seed % 10), seed)
    const invoices = seed % 3 === 0 && !print.letterheadOnly ? generated.map((invoice) => ({ ...invoice, supplier: generated[0].supplier })) : generated
    const pages = await readPdfTextFast(await testBatchPdf(invoices, print))
    const cuts = suggestCuts(pages.map((page) => pageSignals({ page: page.page, text: page.lines.map((line) => line.text).join('\n') }))).cuts.map((cut) => cut.page)
    const expected = trueCuts(invoices)
    truth += expected.length
    suggested += cuts.length
    found += cuts.filter((page) => expected.includes(page)).length
  }
  return { recall: found / truth, precision: suggested === 0 ? 1 : found / suggested, batches, found, truth, suggested }
}

/** Real invoices of the test fixtures in one batch (three suppliers, 3 + 4 + 1 + 3 pages): cuts found and suggested. */
const REAL_INVOICES = ['XML-Rechnung__FX__EN16931_1_Teilrechnung', 'XML-Rechnung__FX__EN16931_Miete', 'ZUGFeRDv2__correct__Mustangproject__MustangGnuaccountingBeispielRE-20190610_507', 'XML-Rechnung__FX__EN16931_Rabatte']

async function realAccuracy(): Promise<{ found: number; truth: number; suggested: number }> {
  const batch = await PDFDocument.create()
  const expected: number[] = []
  for (const file of REAL_INVOICES) {
    const pdf = await PDFDocument.load(await readFile(join(import.meta.dirname, '../tests/fixtures/corpora/zugferd_corpus/docs', `${file}.pdf`)))
    if (batch.getPageCount() > 0) expected.push(batch.getPageCount() + 1)
    for (const page of await batch.copyPages(pdf, pdf.getPageIndices())) batch.addPage(page)
  }
  const pages = await readPdfTextFast(await batch.save())
  const cuts = suggestCuts(pages.map((page) => pageSignals({ page: page.page, text: page.lines.map((line) => line.text).join('\n') }))).cuts.map((cut) => cut.page)
  return { found: cuts.filter((page) => expected.includes(page)).length, truth: expected.length, suggested: cuts.length }
}

/** The editor's figures. */
export async function run(): Promise<BenchRow[]> {
  const quality = await accuracy()
  // Receipts without VAT id, IBAN, labelled number or page counter: only the supplier's name block tells.
  const letterhead = await accuracy({ letterheadOnly: true })
  const real = await realAccuracy()
  const server = await startTestServer()
  const staff = await signInSession(server.url, 'staff@demo.portal')
  try {
    const thumbs = await thumbnails(server, staff)
    const complete = await completion(server, staff)
    return [
      { group: GROUP, metric: 'thumbnails of a 50-page scan, all fetched', value: Number(thumbs.toFixed(2)), unit: 's', target: '< 15', ok: thumbs < 15 },
      { group: GROUP, metric: `completing a ${complete.parts}-invoice batch until all extracted`, value: Number(complete.seconds.toFixed(2)), unit: 's', target: '< 60', ok: complete.seconds < 60 },
      { group: GROUP, metric: `cuts found / cuts true (${quality.found}/${quality.truth}, ${quality.batches} generated batches)`, value: Number(quality.recall.toFixed(3)), unit: 'ratio', target: '>= 0.95', ok: quality.recall >= 0.95 },
      { group: GROUP, metric: `suggested cuts that are true (precision, ${quality.found}/${quality.suggested})`, value: Number(quality.precision.toFixed(3)), unit: 'ratio', target: '>= 0.95', ok: quality.precision >= 0.95 },
      { group: GROUP, metric: `cuts found / cuts true by the name block alone (${letterhead.found}/${letterhead.truth}, ${letterhead.batches} letterhead-only batches)`, value: Number(letterhead.recall.toFixed(3)), unit: 'ratio', target: '>= 0.95', ok: letterhead.recall >= 0.95 },
      { group: GROUP, metric: `cuts found / cuts true on ${REAL_INVOICES.length} real invoices in one batch (suggested ${real.suggested})`, value: Number((real.found / real.truth).toFixed(3)), unit: 'ratio', target: '= 1', ok: real.found === real.truth && real.suggested === real.truth },
      { group: GROUP, metric: `name-block cuts that are true (precision, ${letterhead.found}/${letterhead.suggested})`, value: Number(letterhead.precision.toFixed(3)), unit: 'ratio', target: '>= 0.95', ok: letterhead.precision >= 0.95 },
    ]
  } finally {
    staff.client.close()
    await server.close()
  }
}
