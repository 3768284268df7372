import type { ErpExportBatch, SessionUser } from '@portal/sdk/services'
import type { Application } from '../declarations'
import { setErpStatus } from '../models/documents/erp'
import type { DocumentRow } from '../models/documents/row'
import { batchRevoked } from '../models/erp-errors'
import { erpBatchItems, markErpBatchImported } from '../models/erp-exports'
import { changeExportBatch } from './changeExportBatch'

/**
 * exp confirms the ERP imported a batch: the batch becomes `imported` and each of its documents gets ERPImported
 * (booked or not: the flag says where the document stands in the ERP, not what was booked). Documents a result file
 * reported as errors keep ERPError and their message; a notice (ERPInfo) stays beside ERPImported. Marking an
 * imported batch again changes nothing; a revoked one is refused with 409 erp:batchRevoked.
 */
export async function markBatchImported(props: { app: Application; user?: SessionUser; batchId: number }): Promise<ErpExportBatch> {
  return changeExportBatch({
    ...props,
    change: async (trx, status, actor) => {
      if (status === 'revoked') throw batchRevoked(props.batchId)
      if (status === 'imported') return []
      await markErpBatchImported(trx, props.batchId, actor)
      const rows: DocumentRow[] = []
      // The document's last booking in the batch decides (a reversal follows its booking).
      const byDocument = new Map((await erpBatchItems(trx, props.batchId)).map((item) => [item.document_id, item]))
      for (const item of byDocument.values()) {
        if (item.erp_status === 'error') continue
        const info = item.erp_status === 'info'
        const row = await setErpStatus(trx, item.document_id, { imported: true, error: false, info, message: info ? item.erp_message : null })
        if (row) rows.push(row)
      }
      return rows
    },
  })
}
