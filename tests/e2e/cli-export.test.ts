import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { unzipSync } from 'fflate'
import { DocumentStatus } from '../../packages/sdk/src/domain/index'
import { supplierInvoicePdf } from '../../packages/server/src/extraction/test-support'
import type { BookingRow } from '../../packages/server/src/models/bookings'
import { bookForTest, extractedDocument, reverseForTest } from '../support/erp-bookings'
import { startTestServer, type TestServer } from '../support/server'
import { signInSession, type UserSession } from '../support/session'
import { runPortal, signInPortal } from './cli.support'
import { checkBmdFile } from '../support/bmd-checker'

// The real `portal` binary against the real server (issue 12): staff export a period's booked documents with
// `portal export create`, find the batch with `export list`, read the ERP's result file back with `export result`
// and confirm the import with `export mark-imported`; a refused export lists the booking and exits 1.
describe('portal export end to end', () => {
  let server: TestServer
  let staff: UserSession
  let configDir: string
  let env: Record<string, string>
  const booked: { id: number; bookingNo: number }[] = []
  const bookingRows = new Map<number, BookingRow>()

  /** An uploaded invoice of 1001, extracted, then booked in 2026-02 (as the booking command leaves it). */
  async function bookedDocument(n: number, tax = '40.00'): Promise<{ id: number; bookingNo: number }> {
    const document = await extractedDocument(server.url, staff, 1001, `cli-export-${n}.pdf`, await supplierInvoicePdf(`CLI-2026-${n}`, '240,00'))
    const gross = (200 + Number(tax)).toFixed(2)
    const booking = await bookForTest(server.knex, {
      document_id: document.id,
      company_no: 1001,
      period: '2026-02',
      document_number: `CLI-2026-${n}`,
      document_date: '2026-02-03',
      text: `Einkauf ${n}`,
      gross,
      lines: [{ taxCode: 'V20', rate: '20', net: '200.00', tax, gross }],
    })
    bookingRows.set(document.id, booking)
    return { id: document.id, bookingNo: booking.booking_no }
  }

  beforeAll(async () => {
    server = await startTestServer()
    staff = await signInSession(server.url, 'staff@demo.portal')
    configDir = await mkdtemp(join(tmpdir(), 'portal-cli-export-'))
    env = { PORTAL_CONFIG_DIR: configDir, PORTAL_SERVER: server.url }
    expect((await signInPortal(env, 'staff@demo.portal')).code).toBe(0)
  })
  afterAll(async () => {
    staff?.client.close()
    await server?.close()
    if (configDir) await rm(configDir, { recursive: true, force: true })
  })

  it('refuses an export with a wrong booking, naming it, and exits 1', async () => {
    const wrong = await bookedDocument(1, '41.00')
    const run = await runPortal(['export', 'create', '--client', '1001', '--period', '2026-02', '--format', 'bmd'], env)
    expect(run.code).toBe(1)
    expect(run.stderr).toContain('1 booking(s) cannot be exported:')
    expect(run.stderr).toContain(`Booking ${wrong.bookingNo} (document ${wrong.id}): the tax lines do not add up`)
    // With --json each refusal carries its sentence next to the reason code (issue 38).
    const json = await runPortal(['export', 'create', '--client', '1001', '--period', '2026-02', '--format', 'bmd', '--json'], env)
    const [refusal] = (JSON.parse(json.stdout) as { refusals: { reason: string; message: string }[] }).refusals
    expect(refusal.message).toContain(`Booking ${wrong.bookingNo} (document ${wrong.id}): the tax lines do not add up`)
    // Reversed, the wrong booking stays out of every batch.
    await reverseForTest(server.knex, bookingRows.get(wrong.id)!)
  })

  it('creates a BMD export of a period into a ZIP file, and lists the batch', async () => {
    booked.push(await bookedDocument(2), await bookedDocument(3))
    const zipPath = join(configDir, 'februar.zip')
    const check = await runPortal(['export', 'create', '--client', '1001', '--period', '2026-02', '--format', 'bmd', '--dry-run', '--json'], env)
    expect(check.code).toBe(0)
    expect(JSON.parse(check.stdout)).toMatchObject({ dry_run: true, bookings: 2, documents: 2, refusals: [] })

    const run = await runPortal(['export', 'create', '--client', '1001', '--period', '2026-02', '--format', 'bmd', '-o', zipPath], env)
    expect(run.code).toBe(0)
    expect(run.stderr).toMatch(/Batch \d+: 2 booking\(s\) of 2 document\(s\) in BMD NTCS, saved to .*februar\.zip/)
    const zip = unzipSync(await readFile(zipPath))
    expect(Object.keys(zip)).toEqual(['buchungen-bmd.csv', ...booked.map((b) => `documents/${b.bookingNo}.pdf`)])
    expect(checkBmdFile(zip['buchungen-bmd.csv']!)).toEqual([])
    const rows = new TextDecoder('windows-1252').decode(zip['buchungen-bmd.csv']).trim().split('\r\n')
    expect(rows[0]).toMatch(/^satzart;konto;gkonto;belegnr;belegdatum;buchsymbol;buchcode;prozent;steuercode;betrag;steuer;text/)
    expect(rows.slice(1).map((row) => row.split(';').slice(3, 11))).toEqual(
      booked.map((b) => [String(b.bookingNo), '03.02.2026', 'ER', '2', '20', '2', '-240,00', '40,00']),
    )

    const list = await runPortal(['export', 'list', '--client', '1001', '--json'], env)
    expect(list.code).toBe(0)
    const [batch] = JSON.parse(list.stdout)
    expect(batch).toMatchObject({ company_no: 1001, format: 'bmd', period: '2026-02', status: 'exported', bookings: 2 })
    const table = await runPortal(['export', 'list', '--client', '1001', '--lang', 'de'], env)
    expect(table.stdout).toMatch(new RegExp(`${batch.id}\\s+2026-02\\s+bmd\\s+Exportiert\\s+2\\s+2\\s+0 / 0 / 0`))
    // The same batch again is byte for byte the same file.
    const again = join(configDir, 'again.zip')
    expect((await runPortal(['export', 'download', String(batch.id), '-o', again], env)).code).toBe(0)
    expect((await readFile(again)).equals(await readFile(zipPath))).toBe(true)
  })

  it('reads the ERP result file back and marks the batch imported', async () => {
    const [fine, broken] = booked as [{ id: number; bookingNo: number }, { id: number; bookingNo: number }]
    const file = join(configDir, 'ergebnis.csv')
    // Written as BMD writes it: Windows-1252.
    await writeFile(file, Buffer.from(`belegnr;status;meldung\r\n${fine.bookingNo};ok;\r\n${broken.bookingNo};fehler;Gegenkonto 5000 für Periode gesperrt\r\n`, 'latin1'))
    const run = await runPortal(['export', 'result', file, '--client', '1001'], env)
    expect(run.code).toBe(0)
    expect(run.stdout).toContain(`Booking ${fine.bookingNo} (document ${fine.id}): Imported`)
    expect(run.stdout).toContain(`Booking ${broken.bookingNo} (document ${broken.id}): ERP error: Gegenkonto 5000 für Periode gesperrt`)
    expect(run.stderr).toContain('Import result applied: 1 imported, 1 with errors, 0 with notices.')
    const document = await staff.client.service('documents').get(broken.id)
    expect(document.erp_message).toBe('Gegenkonto 5000 für Periode gesperrt')
    expect(document.status & DocumentStatus.ERPError).toBe(DocumentStatus.ERPError)

    const [batch] = JSON.parse((await runPortal(['export', 'list', '--client', '1001', '--json'], env)).stdout)
    const mark = await runPortal(['export', 'mark-imported', String(batch.id), '--json'], env)
    expect(mark.code).toBe(0)
    expect(JSON.parse(mark.stdout)).toMatchObject({ id: batch.id, status: 'imported', results: { ok: 1, error: 1, info: 0 } })
    const revoke = await runPortal(['export', 'revoke', String(batch.id)], env)
    expect(revoke.code).toBe(1)
    expect(revoke.stderr).toContain(`Export batch ${batch.id} was imported into the ERP and can no longer be revoked.`)
  })
})
