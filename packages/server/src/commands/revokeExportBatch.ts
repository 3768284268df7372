import type { ErpExportBatch, SessionUser } from '@portal/sdk/services'
import type { Application } from '../declarations'
import { setErpStatus } from '../models/documents/erp'
import type { DocumentRow } from '../models/documents/row'
import { batchImported, batchRevoked } from '../models/erp-errors'
import { erpItemRows, revokeErpBatch } from '../models/erp-exports'
import { changeExportBatch } from './changeExportBatch'

/**
 * Revokes a batch the ERP has not imported: it stays kept and downloadable, but its bookings are free for a new batch
 * and its documents lose the ERP flags a result file may have set (they are no longer in the ERP's hands). Refused
 * with 409 erp:batchImported once exp confirmed the import, 409 erp:batchRevoked when revoked already.
 */
export async function revokeExportBatch(props: { app: Application; user?: SessionUser; batchId: number }): Promise<ErpExportBatch> {
  return changeExportBatch({
    ...props,
    change: async (trx, status, actor) => {
      if (status === 'revoked') throw batchRevoked(props.batchId)
      if (status === 'imported') throw batchImported(props.batchId)
      const items = await erpItemRows(trx, props.batchId)
      await revokeErpBatch(trx, props.batchId, actor)
      const rows: DocumentRow[] = []
      for (const documentId of new Set(items.filter((item) => item.erp_status !== 'pending').map((item) => item.document_id))) {
        const row = await setErpStatus(trx, documentId, { imported: false, error: false, info: false, message: null })
        if (row) rows.push(row)
      }
      return rows
    },
  })
}
