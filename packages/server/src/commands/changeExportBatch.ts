import type { ErpBatchStatus } from '@portal/sdk/domain'
import type { ErpExportBatch, SessionUser } from '@portal/sdk/services'
import type { Knex } from 'knex'
import type { Application } from '../declarations'
import { emitDocumentEvent } from '../models/documents/events'
import type { DocumentRow } from '../models/documents/row'
import { batchNotFound } from '../models/erp-errors'
import { loadErpBatch, lockErpBatch } from '../models/erp-exports'
import { actorOf, type Actor } from '../models/users'

/** Props of changeExportBatch: who changes which batch, and the change made under the batch's row lock. */
export interface ChangeExportBatchProps {
  app: Application
  user?: SessionUser
  batchId: number
  /** Checks the status and writes; answers the documents it changed (their `patched` events follow the commit). */
  change(trx: Knex.Transaction, status: ErpBatchStatus, actor: Actor): Promise<DocumentRow[]>
}

/**
 * A status change of a batch (mark imported, revoke) in one transaction under the batch's row lock, so two changes of
 * one batch never interleave; the changed documents' events are sent once it committed, and the batch is answered as
 * it stands then. A missing batch is refused with 404 erp:batchNotFound.
 */
export async function changeExportBatch(props: ChangeExportBatchProps): Promise<ErpExportBatch> {
  const { app, batchId } = props
  const knex = app.get('knex')
  const actor = await actorOf(knex, props.user)
  const changed = await knex.transaction(async (trx) => {
    const batch = await lockErpBatch(trx, batchId)
    if (!batch) throw batchNotFound(batchId)
    return props.change(trx, batch.status, actor)
  })
  for (const row of changed) emitDocumentEvent(app, 'patched', row)
  const batch = await loadErpBatch(knex, batchId)
  if (!batch) throw batchNotFound(batchId)
  return batch
}
