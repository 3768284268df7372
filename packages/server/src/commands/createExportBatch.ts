import type { ErpExportBatch, ErpExportCheck, ErpExportData, ErpRefusal, SessionUser } from '@portal/sdk/services'
import type { Application } from '../declarations'
import { checkBookings, periodRange, writeBookingFile, type ErpExportInput } from '../erp/index'
import { fiscalYearStart } from '../erp/datev'
import { sha256Hex } from '../documents/store'
import { bookingNumbersOf, exportableBookings, exportedBookingsOf, type ErpRange } from '../models/erp-bookings'
import { badRange, batchNotFound, batchRefused, nothingToExport } from '../models/erp-errors'
import { insertErpBatch, loadErpBatch } from '../models/erp-exports'
import { erpSettingsOf } from '../models/erp-settings'
import { documentFiles } from '../models/documents/erp'
import { firmTaxCodeTargets } from '../models/tax-codes'
import { actorOf } from '../models/users'
import { batchDocumentName, batchZip } from './batchZip'

/** Props of createExportBatch: the validated create data and who asks. */
export interface CreateExportBatchProps {
  app: Application
  user?: SessionUser
  data: ErpExportData
  /** The clock (tests pin it); the batch's creation time goes into the DATEV header. */
  now?: () => Date
}

/** The range the data names: one period, or from–to; refused naming the field otherwise. */
export function rangeOf(data: Pick<ErpExportData, 'period' | 'from' | 'to'>): ErpRange & { dateFrom: string; dateTo: string } {
  const hasDates = data.from !== undefined || data.to !== undefined
  if (data.period !== undefined) {
    if (hasDates) throw badRange(data.from !== undefined ? 'from' : 'to', 'erp:error.rangeRequired')
    const { from, to } = periodRange(data.period)
    return { period: data.period, dateFrom: from, dateTo: to }
  }
  if (data.from === undefined || data.to === undefined) throw badRange(data.from === undefined ? 'from' : 'to', 'erp:error.rangeRequired')
  if (data.from > data.to) throw badRange('from', 'erp:error.rangeOrder', { from: data.from, to: data.to })
  return { from: data.from, to: data.to, dateFrom: data.from, dateTo: data.to }
}

/** A per-company lock key, so two exports of one company never take the same booking at once. */
const EXPORT_LOCK = 1013

/**
 * Exports a company's booked documents of one period or date range: takes the bookings no active batch holds
 * (exportableBookings), checks them (accounts, tax lines, tax codes of the target system, closed periods, exchange
 * rates, DATEV numbers; named documents already exported), and either answers the check (`dry_run`), refuses with
 * every document and reason (422 erp:batchRefused), or writes the booking file and the ZIP (booking file + each
 * document under its booking number) and keeps the batch. Refused with 422 erp:nothingToExport when nothing is left.
 */
export async function createExportBatch(props: CreateExportBatchProps): Promise<ErpExportBatch | ErpExportCheck> {
  const { app, data } = props
  const knex = app.get('knex')
  const range = rangeOf(data)
  const companyNo = data.client_no
  const actor = await actorOf(knex, props.user)
  const batchId = await knex.transaction(async (trx) => {
    await trx.raw('select pg_advisory_xact_lock(?, ?)', [EXPORT_LOCK, companyNo])
    const settings = await erpSettingsOf(trx, companyNo)
    if (data.format === 'datev' && fiscalYearStart(range.dateFrom, settings.fiscalYearStartMonth) !== fiscalYearStart(range.dateTo, settings.fiscalYearStartMonth)) {
      throw badRange('to', 'erp:error.datevOneYear', { from: range.dateFrom, to: range.dateTo })
    }
    const bookings = await exportableBookings(trx, companyNo, range, data.document_ids)
    const already: ErpRefusal[] = data.document_ids
      ? (await exportedBookingsOf(trx, companyNo, range, data.document_ids)).map(({ booking, batchId: inBatch }) => ({
          document_id: booking.document_id,
          booking_no: booking.booking_no,
          document_number: booking.document_number,
          reason: 'alreadyExported',
          field: 'document_ids',
          params: { bookingNo: booking.booking_no, documentId: booking.document_id, batchId: inBatch },
        }))
      : []
    const targets = await firmTaxCodeTargets(trx)
    const refusals: ErpRefusal[] = [...already, ...checkBookings(bookings, data.format, settings, targets, companyNo)]
    const documents = new Set(bookings.map((booking) => booking.document_id)).size
    const lines = bookings.reduce((sum, booking) => sum + booking.lines.length, 0)
    if (data.dry_run) {
      return { dry_run: true as const, client_no: companyNo, format: data.format, bookings: bookings.length, lines, documents, refusals }
    }
    if (refusals.length > 0) throw batchRefused(refusals)
    if (bookings.length === 0) throw nothingToExport(companyNo)

    const files = await documentFiles(trx, [...new Set(bookings.map((booking) => booking.document_id))])
    const items = bookings.map((booking) => {
      const file = files.get(booking.document_id)
      if (!file) throw new Error(`Document ${booking.document_id} of booking ${booking.booking_no} has no row`)
      return { booking_id: booking.id, booking_no: booking.booking_no, document_id: booking.document_id, file_name: batchDocumentName(booking.booking_no, file.mime), sha256: file.sha256 }
    })
    const createdAt = (props.now?.() ?? new Date()).toISOString()
    const reversed = bookings.flatMap((booking) => (booking.reverses_booking_id === null ? [] : [booking.reverses_booking_id]))
    const input: ErpExportInput = {
      format: data.format,
      companyNo,
      dateFrom: range.dateFrom,
      dateTo: range.dateTo,
      createdAt,
      settings,
      targets,
      bookings,
      reversedNumbers: await bookingNumbersOf(trx, reversed),
    }
    const bookingFile = writeBookingFile(input, new Map(items.map((item) => [item.booking_no, item.file_name])))
    const zip = await batchZip({ app, bookingFileName: bookingFile.name, bookingFile: bookingFile.bytes, documents: items })
    const label = range.period ?? `${range.dateFrom}_${range.dateTo}`
    return insertErpBatch(
      trx,
      {
        company_no: companyNo,
        format: data.format,
        date_from: range.dateFrom,
        date_to: range.dateTo,
        period: range.period ?? null,
        bookings: bookings.length,
        lines: bookingFile.lines,
        documents,
        booking_file_name: bookingFile.name,
        booking_file: bookingFile.bytes,
        zip_name: `export-${companyNo}-${label}-${data.format}.zip`,
        zip_size: zip.byteLength,
        zip_sha256: sha256Hex(zip),
        created_at: createdAt,
      },
      items,
      actor,
    )
  })
  if (typeof batchId !== 'number') return batchId
  const batch = await loadErpBatch(knex, batchId)
  if (!batch) throw batchNotFound(batchId)
  return batch
}
