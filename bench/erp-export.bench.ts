import { join } from 'node:path'
import { PDFDocument, StandardFonts } from 'pdf-lib'
import type { Knex } from 'knex'
import { DocumentStatus } from '../packages/sdk/src/domain/index'
import { erpExportHttpPaths, type ErpExportBatch } from '../packages/sdk/src/services/index'
import { FileDocumentStore } from '../packages/server/src/documents/store'
import { writeBookingFile } from '../packages/server/src/erp/index'
import { saveErpSettings } from '../packages/server/src/models/erp-settings'
import { sampleInput, SAMPLE_BOOKINGS } from '../packages/server/src/erp/test-support'
import { withSeededServer } from './seeded-server'
import { percentile, type BenchRow } from './table'

// Issue 12: exporting 10,000 booked lines (5,000 booked documents with two tax lines each) into one batch, through the
// built server in its own process on the embedded database: check, booking file, ZIP with every document, stored.

const COMPANY = 1001
const DOCUMENTS = 5_000
const LINES = DOCUMENTS * 2
/** Distinct PDF files the documents use (a real firm's are all different; the store reads each once per batch). */
const FILES = 50

async function invoicePdf(n: number): Promise<Uint8Array> {
  const doc = await PDFDocument.create()
  const page = doc.addPage([595, 842])
  const font = await doc.embedFont(StandardFonts.Helvetica)
  page.drawText(`Rechnung EX-${n} Gesamtbetrag EUR 230,00`, { x: 50, y: 780, size: 11, font })
  return doc.save()
}

/** DOCUMENTS booked incoming invoices of January 2026, each with a booking of two tax lines (20 % and 10 %). */
export async function seedBookings(knex: Knex, dataDir: string): Promise<void> {
  const store = new FileDocumentStore(join(dataDir, 'documents'))
  const files: { sha256: string; size: number }[] = []
  for (let n = 0; n < FILES; n++) files.push(await store.put(await invoicePdf(n)))
  for (let start = 0; start < DOCUMENTS; start += 500) {
    const documents = []
    for (let n = start; n < Math.min(DOCUMENTS, start + 500); n++) {
      documents.push({
        company_no: COMPANY,
        document_type: 'ER',
        status: DocumentStatus.Confirmed | DocumentStatus.Booked,
        sha256: files[n % FILES]!.sha256,
        file_name: `beleg-${n}.pdf`,
        mime: 'application/pdf',
        file_kind: 'pdf',
        pages: 1,
        size: files[n % FILES]!.size,
        processing_state: 'done',
        aggregated: true,
        invoice_number: `EX-${n}`,
        total_gross: '230.00',
        // A company holds each file once among its live documents; the rest share the bench's few files from the trash.
        deleted_at: n >= FILES ? new Date() : null,
      })
    }
    const ids = (await knex('documents').insert(documents).returning('id')).map((row: { id: number }) => Number(row.id))
    await knex('bookings').insert(
      ids.map((document_id, i) => ({
        document_id,
        company_no: COMPANY,
        booking_no: start + i + 1,
        kind: 'booking',
        document_type: 'ER',
        account: 330001 + ((start + i) % 40),
        counter_account: 5000,
        cost_center: 'KST1',
        period: '2026-01',
        book: 'ER',
        document_number: `EX-${start + i}`,
        document_date: '2026-01-05',
        booking_date: '2026-01-20',
        due_date: '2026-02-04',
        currency: 'EUR',
        text: `Wareneinkauf ${start + i}`,
        gross: '230.00',
        lines: JSON.stringify([
          { taxCode: 'V20', rate: '20', net: '100.00', tax: '20.00', gross: '120.00' },
          { taxCode: 'V10', rate: '10', net: '100.00', tax: '10.00', gross: '110.00' },
        ]),
        created_by_name: 'Bench',
      })),
    )
  }
  await knex.raw('analyze bookings')
}

/** Milliseconds one call takes. */
async function timed(call: () => Promise<unknown>): Promise<number> {
  const t0 = performance.now()
  await call()
  return performance.now() - t0
}

/** ERP export figures of issue 12. */
export async function run(): Promise<BenchRow[]> {
  const rows: BenchRow[] = []
  // The writers alone, without database or ZIP: 10,000 lines from the sample bookings repeated.
  const many = Array.from({ length: Math.ceil(LINES / 11) }, (_, i) => SAMPLE_BOOKINGS.map((b) => ({ ...b, id: b.id + i * 100, booking_no: b.booking_no + i * 10 }))).flat()
  for (const format of ['bmd', 'datev'] as const) {
    const input = sampleInput(format, many)
    writeBookingFile(input)
    const ms = await timed(async () => writeBookingFile(input))
    rows.push({ group: 'erp-export', metric: `${format} booking file of ${many.reduce((s, b) => s + b.lines.length, 0)} lines (writer only)`, value: ms, unit: 'ms' })
  }

  const seed = async (knex: Knex, dataDir: string) => {
    await seedBookings(knex, dataDir)
    await saveErpSettings(knex, COMPANY, { datevConsultantNo: 29098, datevClientNo: 55003 })
  }
  await withSeededServer({ name: 'erp', email: 'staff@demo.portal', seed }, async ({ server, client, idToken }) => {
    const exports = client.service('erp-exports')
    const data = { client_no: COMPANY, period: '2026-01' }
    // Warm up on the check (same query and writers, nothing stored).
    await exports.create({ ...data, format: 'bmd', dry_run: true })
    rows.push({ group: 'erp-export', metric: `check of ${LINES} booked lines (dry run)`, value: await timed(() => exports.create({ ...data, format: 'bmd', dry_run: true })), unit: 'ms' })
    const exportOnce = async (format: 'bmd' | 'datev' | 'csv') => {
      const t0 = performance.now()
      const batch = (await exports.create({ ...data, format })) as ErpExportBatch
      const created = performance.now() - t0
      const t1 = performance.now()
      await fetch(`${server.url}${erpExportHttpPaths.download(batch.id)}`, { headers: { authorization: `Bearer ${idToken}` } }).then((r) => r.arrayBuffer())
      const downloaded = performance.now() - t1
      // Revoked, so the same bookings go into the next round's batch.
      await exports.remove(batch.id)
      return { created, downloaded, size: batch.size }
    }
    for (const format of ['bmd', 'datev', 'csv'] as const) {
      // The first round warms the server's JIT on this format's path; the median of three rounds is reported.
      await exportOnce(format)
      const rounds = [await exportOnce(format), await exportOnce(format), await exportOnce(format)]
      const created = percentile(rounds.map((r) => r.created), 50)
      const downloaded = percentile(rounds.map((r) => r.downloaded), 50)
      rows.push({ group: 'erp-export', metric: `export ${LINES} booked lines of ${DOCUMENTS} documents as ${format} (check, file, ZIP, stored), median of 3`, value: created, unit: 'ms', target: '< 2000', ok: created < 2000 })
      rows.push({ group: 'erp-export', metric: `download the ${format} batch ZIP again (${(rounds[0]!.size / 1e6).toFixed(1)} MB, rebuilt and checked), median of 3`, value: downloaded, unit: 'ms' })
    }
  })
  return rows
}
