/**
 * The ERP export form as pure logic: what staff type (a period or a date range, and a format), the field-level checks
 * the server repeats, the data of erp-exports.create, which field a server refusal names, and the pre-export check's
 * refusals as messages. The web screen and its tests use it.
 */
import { ERP_EXPORT_FORMATS, type ErpExportFormat } from '../domain/erpExport'
import { errorDataOf } from '../errors/data'
import type { Message } from '../i18n/types'
import type { ErpExportBatch, ErpExportData, ErpRefusal } from '../services/erp-exports'
import { invalidDate, isCalendarDate } from '../validators/dates'
import { invalid } from '../validators/result'

/** Whether the batch covers one accounting period or a booking-date range. */
export type ErpExportRange = 'period' | 'dates'

/** The form's values, as typed. */
export interface ErpExportFormValues {
  range: ErpExportRange
  /** YYYY-MM. */
  period: string
  /** YYYY-MM-DD, inclusive. */
  from: string
  to: string
  format: ErpExportFormat
}

/** A field of the form that can carry an error. */
export type ErpExportFormField = 'period' | 'from' | 'to' | 'format'

const FIELDS: readonly ErpExportFormField[] = ['period', 'from', 'to', 'format']
const PERIOD = /^\d{4}-(0[1-9]|1[0-2])$/

/** A fresh form: the month before `today` (the one usually exported), in BMD NTCS. */
export function emptyErpExportForm(today: Date): ErpExportFormValues {
  const year = today.getUTCFullYear()
  const month = today.getUTCMonth() // 0-based: this is the previous month's number
  const period = month === 0 ? `${year - 1}-12` : `${year}-${String(month).padStart(2, '0')}`
  return { range: 'period', period, from: '', to: '', format: 'bmd' }
}

/** The field-level problems of the form; empty when it may be sent. */
export function erpExportFormErrors(values: ErpExportFormValues): Partial<Record<ErpExportFormField, Message>> {
  const errors: Partial<Record<ErpExportFormField, Message>> = {}
  if (!(ERP_EXPORT_FORMATS as readonly string[]).includes(values.format)) {
    errors.format = invalid('validation:choice', { options: ERP_EXPORT_FORMATS.join(', ') })
  }
  if (values.range === 'period') {
    if (values.period.trim() === '') errors.period = invalid('validation:required')
    else if (!PERIOD.test(values.period.trim())) errors.period = invalid('validation:period')
    return errors
  }
  const from = values.from.trim()
  const to = values.to.trim()
  if (from === '') errors.from = invalid('validation:required')
  else if (!isCalendarDate(from)) errors.from = invalidDate()
  if (to === '') errors.to = invalid('validation:required')
  else if (!isCalendarDate(to)) errors.to = invalidDate()
  if (!errors.from && !errors.to && from > to) errors.to = invalid('erp:error.rangeOrder', { from, to })
  return errors
}

/** Data of erp-exports.create for `companyNo`; `dryRun` only checks (nothing is stored). */
export function erpExportData(companyNo: number, values: ErpExportFormValues, dryRun: boolean): ErpExportData {
  const range = values.range === 'period' ? { period: values.period.trim() } : { from: values.from.trim(), to: values.to.trim() }
  return { client_no: companyNo, format: values.format, ...range, ...(dryRun ? { dry_run: true } : {}) }
}

/** The form field a server refusal names (data.params.field), when it is one of the form's. */
export function erpExportFormFieldOf(error: unknown): ErpExportFormField | undefined {
  const field = errorDataOf(error)?.params?.field
  return typeof field === 'string' && (FIELDS as readonly string[]).includes(field) ? (field as ErpExportFormField) : undefined
}

/** The refusals a refused export names (422 erp:error.batchRefused carries them in `data.refusals`). */
export function erpRefusalsOf(error: unknown): ErpRefusal[] | undefined {
  const data = (error as { data?: { refusals?: unknown } } | null)?.data
  return Array.isArray(data?.refusals) ? (data.refusals as ErpRefusal[]) : undefined
}

/** One refusal as a message (erp:refusal.<reason>) naming the booking and the document. */
export function erpRefusalMessage(refusal: ErpRefusal): Message {
  return {
    key: `erp:refusal.${refusal.reason}`,
    params: { bookingNo: refusal.booking_no ?? '', documentId: refusal.document_id ?? '', ...(refusal.params ?? {}) },
  }
}

/** What a batch may still be offered: revoked only while exported, marked imported only while exported. */
export function erpBatchActions(batch: Pick<ErpExportBatch, 'status'>): { revoke: boolean; markImported: boolean } {
  return { revoke: batch.status === 'exported', markImported: batch.status === 'exported' }
}
