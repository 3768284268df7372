import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PDFDocument, StandardFonts } from 'pdf-lib'
import type { DocumentRecord, UploadResponse } from '../packages/sdk/src/services/index'
import { extractDocument } from '../packages/server/src/extraction/extract'
import { freePort } from '../tests/support/server'
import { signIn } from '../tests/support/tokens'
import { connect, spawnServer } from './server-process'
import { percentile, type BenchRow } from './table'

// The repository's own invoices by default (embedded XML ignored below); BENCH_CORPUS names any folder of PDFs,
// e.g. ../shared/corpora/zugferd_corpus/docs_noxml for the full corpus.
const CORPUS = process.env.BENCH_CORPUS || join(import.meta.dirname, '../tests/fixtures/corpora/zugferd_corpus/docs')
/** Pages read before the text-layer speed counts as measured. */
const MIN_TIMED_PAGES = 60

/** A one-page Austrian invoice with a text layer; `n` makes every file different (no duplicate refusals). */
export async function onePageInvoice(n: number): Promise<Uint8Array> {
  const doc = await PDFDocument.create()
  const page = doc.addPage([595, 842])
  const font = await doc.embedFont(StandardFonts.Helvetica)
  const lines = [
    'Installateur Gruber GmbH, Landstraße 12, 4020 Linz',
    'UID-Nr.: ATU13585627   FN 123456a',
    `Rechnungsnummer: 2026-${String(n).padStart(5, '0')}`,
    'Rechnungsdatum: 14.11.2026',
    'Netto 20 %   EUR 100,00',
    'USt 20 %   EUR 20,00',
    'Gesamtbetrag   EUR 120,00',
    'IBAN: AT61 1904 3002 3457 3201',
  ]
  lines.forEach((text, i) => page.drawText(text, { x: 50, y: 780 - i * 18, size: 11, font }))
  return doc.save()
}

/** Text-layer reading speed over the corpus (visible pages, no embedded XML), in one process. */
async function textLayerPagesPerSecond(): Promise<number> {
  const files = (await readdir(CORPUS)).filter((f) => f.endsWith('.pdf')).sort()
  const read = (file: string) => readFile(join(CORPUS, file)).then((bytes) => extractDocument(bytes, { ignoreEmbeddedXml: true }))
  // A running server has loaded the PDF reader already; the first file's start-up cost is not reading speed.
  if (files.length > 0) await read(files[0])
  let pages = 0
  const started = performance.now()
  // A small folder (the repository's three invoices) is read over again, so the figure is not one file's noise.
  do {
    for (const file of files) {
      const result = await read(file)
      if (result.ok) pages += result.pages
    }
  } while (pages > 0 && pages < MIN_TIMED_PAGES)
  return pages / ((performance.now() - started) / 1000)
}

/** Document figures of issue 5: text-layer speed and the time from upload to 'ready'. */
export async function run(): Promise<BenchRow[]> {
  const rows: BenchRow[] = []
  const pagesPerSecond = await textLayerPagesPerSecond()
  rows.push({ group: 'documents', metric: 'text layer + field rules, pages per second (1 process)', value: pagesPerSecond, unit: 'pages/s', target: '>= 20', ok: pagesPerSecond >= 20 })

  const dataDir = await mkdtemp(join(tmpdir(), 'portal-bench-docs-'))
  const server = await spawnServer(dataDir, await freePort())
  try {
    const token = (await signIn(server.url, 'admin@demo.portal', 'portal-demo')).idToken
    const client = await connect(server.url, token)
    const companyNo = (await client.service('accounting-client').find())[0].company_no
    const latencies: number[] = []
    for (let n = 0; n < 11; n++) {
      const bytes = await onePageInvoice(n)
      const name = `bench-${n}.pdf`
      const ready = new Promise<number>((resolve) => {
        const handler = (record: DocumentRecord) => {
          if (record.file_name !== name || record.processing_state !== 'done') return
          client.service('documents').removeListener('patched', handler)
          resolve(performance.now())
        }
        client.service('documents').on('patched', handler)
      })
      const form = new FormData()
      form.append('files', new Blob([new Uint8Array(bytes)]), name)
      const sent = performance.now()
      const response = await fetch(`${server.url}/api/documents/upload?client=${companyNo}`, { method: 'POST', body: form, headers: { authorization: `Bearer ${token}` } })
      const body = (await response.json()) as UploadResponse
      if (body.results[0].status !== 'uploaded') throw new Error(`upload failed: ${JSON.stringify(body.results[0])}`)
      const doneAt = await ready
      // The first upload also loads the extraction engine; it is reported apart.
      if (n === 0) rows.push({ group: 'documents', metric: 'upload to ready, 1-page text PDF, first after start', value: doneAt - sent, unit: 'ms' })
      else latencies.push(doneAt - sent)
    }
    const p50 = percentile(latencies, 50)
    rows.push({ group: 'documents', metric: 'upload to ready, 1-page text PDF, p50 of 10', value: p50, unit: 'ms', target: '< 1000', ok: p50 < 1000 })
    rows.push({ group: 'documents', metric: 'upload to ready, 1-page text PDF, p95 of 10', value: percentile(latencies, 95), unit: 'ms' })
    client.close()
  } finally {
    await server.stop()
    await rm(dataDir, { recursive: true, force: true })
  }
  return rows
}
