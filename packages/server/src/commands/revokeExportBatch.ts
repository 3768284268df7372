import type { ErpExportBatch, SessionUser } from '@portal/sdk/services'
import type { Application } from '../declarations'
import { emitDocumentEvent } from '../models/documents/events'
import { setErpStatus } from '../models/documents/erp'
import type { DocumentRow } from '../models/documents/row'
import { batchImported, batchNotFound, batchRevoked } from '../models/erp-errors'
import { erpItemRows, loadErpBatch, lockErpBatch, revokeErpBatch } from '../models/erp-exports'
import { actorOf } from '../models/users'

/**
 * Revokes a batch the ERP has not imported: it stays kept and downloadable, but its bookings are free for a new batch
 * and its documents lose the ERP flags a result file may have set (they are no longer in the ERP's hands). Refused
 * with 409 erp:batchImported once exp confirmed the import, 409 erp:batchRevoked when revoked already.
 */
export async function revokeExportBatch(props: { app: Application; user?: SessionUser; batchId: number }): Promise<ErpExportBatch> {
  const { app, batchId } = props
  const knex = app.get('knex')
  const actor = await actorOf(knex, props.user)
  const changed = await knex.transaction(async (trx) => {
    const batch = await lockErpBatch(trx, batchId)
    if (!batch) throw batchNotFound(batchId)
    if (batch.status === 'revoked') throw batchRevoked(batchId)
    if (batch.status === 'imported') throw batchImported(batchId)
    const items = await erpItemRows(trx, batchId)
    await revokeErpBatch(trx, batchId, actor)
    const rows: DocumentRow[] = []
    for (const documentId of new Set(items.filter((item) => item.erp_status !== 'pending').map((item) => item.document_id))) {
      const row = await setErpStatus(trx, documentId, { imported: false, error: false, info: false, message: null })
      if (row) rows.push(row)
    }
    return rows
  })
  for (const row of changed) emitDocumentEvent(app, 'patched', row)
  const batch = await loadErpBatch(knex, batchId)
  if (!batch) throw batchNotFound(batchId)
  return batch
}
