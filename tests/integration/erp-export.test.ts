import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { unzipSync } from 'fflate'
import { parse } from 'csv-parse/sync'
import { DocumentStatus, hasStatus } from '../../packages/sdk/src/domain/index'
import { erpExportHttpPaths, type DocumentRecord, type ErpExportBatch, type ErpExportCheck } from '../../packages/sdk/src/services/index'
import { supplierInvoicePdf } from '../../packages/server/src/extraction/test-support'
import type { BookingRow, NewBooking } from '../../packages/server/src/models/bookings'
import { bookForTest, extractedDocument, reverseForTest } from '../support/erp-bookings'
import { startTestServer, type TestServer } from '../support/server'
import { signInSession, type UserSession } from '../support/session'
import { checkBmdFile } from '../support/bmd-checker'
import { checkDatevFile } from '../support/datev-checker'
import { failure } from './services.support'

// Issue 12, the ERP export on the server: batches of booked documents per period, the check's refusal list, the kept
// ZIP downloaded twice byte for byte, a document exported once unless its batch is revoked, exp marking the import and
// the ERP's result file setting ERPError with its message on a booked document. Real server, sockets, HTTP and
// PGlite (or PostgreSQL with DATABASE_URL). Bookings are written with the bookings model, as the booking command does.

const NO_ACCESS = { code: 403, data: { key: 'errors:access.forbidden' } }

describe('ERP export: batches, refusals, downloads, revocation, import results', () => {
  let server: TestServer
  let staff: UserSession
  let client: UserSession
  let admin: UserSession
  let counter = 0
  const pdfs = new Map<number, Uint8Array>()

  /** Uploads an invoice to 1002 and resolves once its extraction is done. */
  async function newDocument(): Promise<DocumentRecord> {
    const name = `erp-${++counter}.pdf`
    const bytes = await supplierInvoicePdf(`ERP-2026-${String(counter).padStart(4, '0')}`, '240,00')
    const record = await extractedDocument(server.url, staff, 1002, name, bytes)
    pdfs.set(record.id, bytes)
    return record
  }

  /** A booked document of 1002: 200.00 + 20 % in `period`, or as `overrides` say; answers document id and booking. */
  async function bookedDocument(period: string, overrides: Partial<NewBooking> = {}): Promise<{ id: number; bookingNo: number; booking: BookingRow }> {
    const document = await newDocument()
    const booking = await bookForTest(server.knex, { document_id: document.id, company_no: 1002, period, document_number: `ERP-${document.id}`, ...overrides })
    return { id: document.id, bookingNo: booking.booking_no, booking }
  }

  const exports = (user = staff) => user.client.service('erp-exports')
  const results = (user = staff) => user.client.service('erp-import-results')
  const documentOf = (id: number) => staff.client.service('documents').get(id)

  async function download(id: number, token = staff.token): Promise<Response> {
    return fetch(`${server.url}${erpExportHttpPaths.download(id)}`, { headers: { authorization: `Bearer ${token}` } })
  }

  beforeAll(async () => {
    server = await startTestServer()
    staff = await signInSession(server.url, 'staff@demo.portal')
    client = await signInSession(server.url, 'client@demo.portal')
    admin = await signInSession(server.url, 'admin@demo.portal')
  })
  afterAll(async () => {
    for (const session of [staff, client, admin]) session?.client.close()
    await server?.close()
  })

  it('checks a batch first: the dry run and the refusal name each wrong document and its reason, and store nothing', async () => {
    const good = await bookedDocument('2026-01')
    const wrong = await bookedDocument('2026-01', {
      gross: '241.00',
      lines: [{ taxCode: 'V20', rate: '20', net: '200.00', tax: '41.00', gross: '241.00' }],
    })
    const check = (await exports().create({ client_no: 1002, format: 'bmd', period: '2026-01', dry_run: true })) as ErpExportCheck
    expect(check).toMatchObject({ dry_run: true, bookings: 2, lines: 2, documents: 2 })
    expect(check.refusals).toEqual([
      expect.objectContaining({ document_id: wrong.id, booking_no: wrong.bookingNo, reason: 'taxMismatch', field: 'lines' }),
    ])
    const refused = await failure(exports().create({ client_no: 1002, format: 'bmd', period: '2026-01' }))
    expect(refused).toMatchObject({ code: 422, data: { key: 'erp:error.batchRefused', params: { count: 1 } } })
    expect((refused.data as { refusals: unknown[] }).refusals).toEqual(check.refusals)
    // DATEV also needs the company's consultant and client numbers.
    const datev = (await exports().create({ client_no: 1002, format: 'datev', period: '2026-01', dry_run: true })) as ErpExportCheck
    expect(datev.refusals.map((refusal) => refusal.reason)).toEqual(['missingDatevNumbers', 'taxMismatch'])
    // A period the ERP has closed is refused as well.
    await admin.client.service('erp-settings').patch(1002, { closed_through: '2026-01' })
    const closed = (await exports().create({ client_no: 1002, format: 'csv', period: '2026-01', dry_run: true })) as ErpExportCheck
    expect(closed.refusals.filter((r) => r.reason === 'periodClosed').map((r) => r.document_id)).toEqual([good.id, wrong.id])
    await admin.client.service('erp-settings').patch(1002, { closed_through: null })
    expect((await exports().find({ query: { client_no: 1002 } })).total).toBe(0)
    // Bad input names the field and changes nothing.
    expect(await failure(exports().create({ client_no: 1002, format: 'bmd', from: '2026-01-31', to: '2026-01-01' }))).toMatchObject({
      code: 400,
      data: { key: 'erp:error.rangeOrder', params: { field: 'from' } },
    })
    expect(await failure(exports().create({ client_no: 1002, format: 'bmd', period: '2026-01', from: '2026-01-01' }))).toMatchObject({
      code: 400,
      data: { key: 'erp:error.rangeRequired', params: { field: 'from' } },
    })

    // Reversing the wrong booking leaves the good one alone in the batch.
    await reverseForTest(server.knex, wrong.booking)
    const batch = (await exports().create({ client_no: 1002, format: 'bmd', period: '2026-01' })) as ErpExportBatch
    expect(batch).toMatchObject({ company_no: 1002, format: 'bmd', period: '2026-01', status: 'exported', bookings: 1, lines: 1, documents: 1 })
    const detail = await exports().get(batch.id)
    expect(detail.items.map((item) => [item.document_id, item.booking_no, item.erp_status])).toEqual([[good.id, good.bookingNo, 'pending']])
  })

  it('keeps each batch: its ZIP downloads twice byte for byte, with the booking file and every document named by booking number', async () => {
    // The DATEV numbers are the administrator's to enter (adm), each change in the audit log.
    expect(await failure(staff.client.service('erp-settings').patch(1002, { datev_client_no: 55003 }))).toMatchObject(NO_ACCESS)
    expect(await failure(admin.client.service('erp-settings').patch(1002, { datev_client_no: 0 }))).toMatchObject({ code: 400 })
    expect((await staff.client.service('erp-settings').find({ query: { client: 1002 } }))[0]).toMatchObject({ datev_consultant_no: null, account_length: 5 })
    const settings = await admin.client.service('erp-settings').patch(1002, { datev_consultant_no: 29098, datev_client_no: 55003 })
    expect(settings).toEqual({ company_no: 1002, datev_consultant_no: 29098, datev_client_no: 55003, account_length: 5, fiscal_year_start_month: 1, closed_through: null })
    const audit = await server.knex('audit_log').where({ action: 'erpSettings.change', entity_id: '1002' }).orderBy('id', 'desc').first()
    expect(audit).toMatchObject({ actor_name: 'Anna Huber', before: { datev_consultant_no: null, datev_client_no: null }, after: { datev_consultant_no: 29098, datev_client_no: 55003 } })
    const booked = await bookedDocument('2026-03', { currency: 'USD', exchange_rate: '1.200000', text: 'Lizenz; USD' })
    const batch = (await exports().create({ client_no: 1002, format: 'datev', from: '2026-03-01', to: '2026-03-31' })) as ErpExportBatch
    expect(batch).toMatchObject({ date_from: '2026-03-01', date_to: '2026-03-31', period: null, bookings: 1 })
    const first = await download(batch.id)
    expect(first.status).toBe(200)
    expect(first.headers.get('content-type')).toBe('application/zip')
    expect(first.headers.get('content-disposition')).toContain(batch.file_name)
    const bytes = Buffer.from(await first.arrayBuffer())
    const again = Buffer.from(await (await download(batch.id)).arrayBuffer())
    expect(again.equals(bytes)).toBe(true)
    expect(bytes.length).toBe(batch.size)

    const zip = unzipSync(bytes)
    expect(Object.keys(zip)).toEqual(['EXTF_Buchungsstapel.csv', `documents/${booked.bookingNo}.pdf`])
    expect(Buffer.from(zip[`documents/${booked.bookingNo}.pdf`]!).equals(Buffer.from(pdfs.get(booked.id)!))).toBe(true)
    expect(checkDatevFile(zip['EXTF_Buchungsstapel.csv']!)).toEqual([])
    const text = new TextDecoder('windows-1252').decode(zip['EXTF_Buchungsstapel.csv'])
    const [header = '', ...rest] = text.split('\r\n')
    expect(header.split(';').slice(10, 16)).toEqual(['29098', '55003', '20260101', '5', '20260301', '20260331'])
    const [row] = parse(rest.join('\r\n'), { delimiter: ';', columns: true, skip_empty_lines: true }) as Record<string, string>[]
    expect(row).toMatchObject({ 'Umsatz (ohne Soll/Haben-Kz)': '240,00', 'Soll/Haben-Kennzeichen': 'H', 'WKZ Umsatz': 'USD', Kurs: '1,20', 'Basis-Umsatz': '200,00' })
    // Belegdatum is the invoice's date (the 5th), not the booking date (the 10th).
    expect(row).toMatchObject({ Belegdatum: '0503' })
    expect(row).toMatchObject({ Konto: '330001', 'Gegenkonto (ohne BU-Schlüssel)': '5000', 'BU-Schlüssel': '9', 'Belegfeld 1': String(booked.bookingNo), Buchungstext: 'Lizenz; USD' })

    // Without acc or exp, or for another company, neither the batch nor its ZIP is given out.
    expect(await failure(exports(client).get(batch.id))).toMatchObject(NO_ACCESS)
    expect((await download(batch.id, client.token)).status).toBe(403)
    expect((await download(batch.id, 'not-a-token')).status).toBe(401)
  })

  it('exports a document once: again only after its batch is revoked', async () => {
    const booked = await bookedDocument('2026-04')
    // Batches reach the company's connections as events (the list on the export screen stays live); a dry run sends none.
    const events: [string, number][] = []
    for (const event of ['created', 'patched', 'removed'] as const) {
      staff.client.service('erp-exports').on(event, (batch: ErpExportBatch) => events.push([event, batch.id]))
    }
    await exports().create({ client_no: 1002, format: 'csv', period: '2026-04', dry_run: true })
    const batch = (await exports().create({ client_no: 1002, format: 'csv', period: '2026-04' })) as ErpExportBatch
    expect(await failure(exports().create({ client_no: 1002, format: 'csv', period: '2026-04' }))).toMatchObject({
      code: 422,
      data: { key: 'erp:error.nothingToExport' },
    })
    const named = await failure(exports().create({ client_no: 1002, format: 'bmd', period: '2026-04', document_ids: [booked.id] }))
    expect(named).toMatchObject({ code: 422, data: { key: 'erp:error.batchRefused' } })
    expect((named.data as { refusals: unknown[] }).refusals).toEqual([
      expect.objectContaining({ document_id: booked.id, reason: 'alreadyExported', params: expect.objectContaining({ batchId: batch.id }) }),
    ])

    const revoked = await exports().remove(batch.id)
    expect(revoked).toMatchObject({ id: batch.id, status: 'revoked', revoked_by_name: 'Stefan Bauer' })
    await expect.poll(() => events).toEqual([
      ['created', batch.id],
      ['removed', batch.id],
    ])
    expect(await failure(exports().remove(batch.id))).toMatchObject({ code: 409, data: { key: 'erp:error.batchRevoked' } })
    // The revoked batch is kept and still downloads; its booking goes into a new batch.
    expect((await download(batch.id)).status).toBe(200)
    const second = (await exports().create({ client_no: 1002, format: 'bmd', period: '2026-04' })) as ErpExportBatch
    expect((await exports().get(second.id)).items.map((item) => item.document_id)).toEqual([booked.id])
    const bmd = unzipSync(Buffer.from(await (await download(second.id)).arrayBuffer()))['buchungen-bmd.csv']!
    expect(checkBmdFile(bmd)).toEqual([])
    const listed = await exports().find({ query: { client_no: 1002 } })
    expect(listed.data.slice(0, 2).map((b) => [b.id, b.status])).toEqual([
      [second.id, 'exported'],
      [batch.id, 'revoked'],
    ])
    expect((await exports().find({ query: { client_no: 1002, status: 'revoked' } })).data.map((b) => b.id)).toEqual([batch.id])
  })

  it('reads the ERP result back onto booked documents (ERPError with its message), and exp marks the import', async () => {
    const fine = await bookedDocument('2026-05')
    const broken = await bookedDocument('2026-05')
    const batch = (await exports().create({ client_no: 1002, format: 'bmd', period: '2026-05' })) as ErpExportBatch

    // A user with acc but without exp may export but neither mark nor read results back.
    await server.knex('users').where({ email: 'client@demo.portal' }).update({ permissions: ['doc', 'rep', 'app', 'acc'] })
    const accountant = await signInSession(server.url, 'client@demo.portal')
    try {
      expect((await exports(accountant).find({ query: { client_no: 1002 } })).total).toBeGreaterThan(0)
      expect(await failure(exports(accountant).patch(batch.id, { imported: true }))).toMatchObject(NO_ACCESS)
      expect(await failure(results(accountant).create({ client_no: 1002, content: `belegnr;status\r\n${fine.bookingNo};ok\r\n` }))).toMatchObject(NO_ACCESS)
    } finally {
      accountant.client.close()
    }

    const refusedFile = await failure(results().create({ client_no: 1002, content: `belegnr;status;meldung\r\n${fine.bookingNo};vielleicht;\r\n` }))
    expect(refusedFile).toMatchObject({ code: 400, data: { key: 'erp:error.resultStatus', params: { field: 'content', line: 2, status: 'vielleicht' } } })
    expect(hasStatus((await documentOf(fine.id)).status, DocumentStatus.ERPImported)).toBe(false)

    const content = ['Belegnr;Status;Meldung', `${fine.bookingNo};OK;`, `${broken.bookingNo};Fehler;"Konto 330001 gesperrt; bitte freigeben"`, '999999;ok;'].join('\r\n')
    const answer = await results().create({ client_no: 1002, content })
    expect(answer.counts).toEqual({ ok: 1, error: 1, info: 0 })
    expect(answer.unknown).toEqual([999999])
    expect(answer.applied.map((row) => [row.document_id, row.outcome, row.batch_id])).toEqual([
      [fine.id, 'ok', batch.id],
      [broken.id, 'error', batch.id],
    ])

    const failed = await documentOf(broken.id)
    expect(failed.erp_message).toBe('Konto 330001 gesperrt; bitte freigeben')
    expect(hasStatus(failed.status, DocumentStatus.ERPError)).toBe(true)
    // Booked stays booked and frozen: the ERP flags change, the booked values do not.
    expect(hasStatus(failed.status, DocumentStatus.Booked)).toBe(true)
    expect(
      await failure(staff.client.service('document-labels').create({ document_id: broken.id, field: 'invoice_number', value: 'X', version: failed.version })),
    ).toMatchObject({ code: 409, data: { key: 'documents:bookedCannotChange' } })
    const detail = await exports().get(batch.id)
    expect(detail.results).toEqual({ ok: 1, error: 1, info: 0 })
    expect(detail.items.find((item) => item.document_id === broken.id)).toMatchObject({ erp_status: 'error', erp_message: 'Konto 330001 gesperrt; bitte freigeben' })

    const imported = await exports().patch(batch.id, { imported: true })
    expect(imported).toMatchObject({ status: 'imported', imported_by_name: 'Stefan Bauer' })
    const ok = await documentOf(fine.id)
    expect([hasStatus(ok.status, DocumentStatus.ERPImported), hasStatus(ok.status, DocumentStatus.Booked), ok.erp_message]).toEqual([true, true, null])
    const stillFailed = await documentOf(broken.id)
    expect([hasStatus(stillFailed.status, DocumentStatus.ERPError), hasStatus(stillFailed.status, DocumentStatus.ERPImported)]).toEqual([true, false])
    expect(await failure(exports().remove(batch.id))).toMatchObject({ code: 409, data: { key: 'erp:error.batchImported' } })
  })
})
