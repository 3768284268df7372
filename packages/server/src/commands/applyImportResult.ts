import type { ErpAppliedResult, ErpImportResultAnswer, ErpImportResultData, SessionUser } from '@portal/sdk/services'
import type { Application } from '../declarations'
import { ErpResultFileError, parseResultFile, type ErpResultRow } from '../erp/index'
import { emitDocumentEvent } from '../models/documents/events'
import { setErpStatus } from '../models/documents/erp'
import type { DocumentRow } from '../models/documents/row'
import { resultUnreadable } from '../models/erp-errors'
import { activeItemsByBookingNo, loadErpBatch, setErpItemResult } from '../models/erp-exports'

function parsed(content: string): ErpResultRow[] {
  try {
    return parseResultFile(content)
  } catch (error) {
    if (error instanceof ErpResultFileError) throw resultUnreadable(error.line, error.reasonKey, error.params)
    throw error
  }
}

const ITEM_STATUS = { ok: 'imported', error: 'error', info: 'info' } as const

/**
 * Reads the ERP's import result file back (docs/erp-export.md) for one company: each row names a booking number of an
 * active batch; `ok` sets ERPImported, `error` ERPError with the ERP's message, `info` ERPImported and ERPInfo with
 * the message — on booked documents too (booking freezes the booked values, not the ERP status). Rows are applied in
 * file order, all in one transaction; numbers no active batch of the company holds come back in `unknown`. A file not
 * in the format is refused with 400 naming the line, and nothing is applied.
 */
export async function applyImportResult(props: { app: Application; user?: SessionUser; data: ErpImportResultData & { content: string } }): Promise<ErpImportResultAnswer> {
  const { app, data } = props
  const knex = app.get('knex')
  const rows = parsed(data.content)
  const { applied, unknown, documents, batches } = await knex.transaction(async (trx) => {
    const items = await activeItemsByBookingNo(trx, data.client_no, [...new Set(rows.map((row) => row.bookingNo))])
    const byNumber = new Map(items.map((item) => [item.booking_no, item]))
    const applied: ErpAppliedResult[] = []
    const unknown: number[] = []
    const documents = new Map<number, DocumentRow>()
    const batches = new Set<number>()
    for (const row of rows) {
      const item = byNumber.get(row.bookingNo)
      if (!item) {
        if (!unknown.includes(row.bookingNo)) unknown.push(row.bookingNo)
        continue
      }
      await setErpItemResult(trx, item.id, ITEM_STATUS[row.outcome], row.message)
      const document = await setErpStatus(trx, item.document_id, {
        imported: row.outcome !== 'error',
        error: row.outcome === 'error',
        info: row.outcome === 'info',
        message: row.outcome === 'ok' ? null : row.message,
      })
      if (document) documents.set(item.document_id, document)
      batches.add(item.batch_id)
      applied.push({ booking_no: row.bookingNo, document_id: item.document_id, batch_id: item.batch_id, outcome: row.outcome, message: row.message })
    }
    return { applied, unknown, documents, batches }
  })
  for (const row of documents.values()) emitDocumentEvent(app, 'patched', row)
  for (const batchId of batches) {
    const batch = await loadErpBatch(knex, batchId)
    if (batch) app.service('erp-exports').emit('patched', batch)
  }
  const counts = { ok: 0, error: 0, info: 0 }
  for (const result of applied) counts[result.outcome] += 1
  return { client_no: data.client_no, applied, counts, unknown }
}
