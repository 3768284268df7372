import { HistoryAction, type HistoryAction as Action } from '@portal/sdk/domain'
import type { SessionUser } from '@portal/sdk/services'
import type { Application } from '../declarations'
import { appendHistory } from '../models/document-history'
import {
  alreadyInTrash,
  documentNoAccess,
  emitDocumentEvent,
  liveDocumentWithHash,
  lockDocumentForChange,
  notInTrash,
  restoreExists,
  updateDocument,
  type DocumentRow,
} from '../models/documents/index'
import { actorOf } from '../models/users'

/** Props of trashDocument and restoreDocument. */
export interface TrashDocumentProps {
  app: Application
  user?: SessionUser
  documentId: number
  /** The version the person saw; undefined only for callers without one (documents.remove of older clients). */
  version?: number
}

/** Locks, checks, changes deleted_at and appends the history entry in one transaction; emits `patched` after. */
async function moveDocument(props: TrashDocumentProps, action: Action): Promise<DocumentRow> {
  const { app, documentId } = props
  const knex = app.get('knex')
  const actor = await actorOf(knex, props.user)
  const row = await knex.transaction(async (trx) => {
    const document = await lockDocumentForChange(trx, documentId, props.version)
    if (!document) throw documentNoAccess()
    if (action === HistoryAction.trash && document.deleted_at) throw alreadyInTrash(documentId)
    if (action === HistoryAction.restore) {
      if (!document.deleted_at) throw notInTrash(documentId)
      // The same file once per company among live documents (documents_company_sha256_idx).
      const existing = await liveDocumentWithHash(trx, document.company_no, document.sha256)
      if (existing !== undefined) throw restoreExists(documentId, existing)
    }
    // The moment in milliseconds (as the wire carries it), so day 30 counted from the answer is day 30 in the database.
    const updated = await updateDocument(trx, documentId, { deleted_at: action === HistoryAction.trash ? new Date() : null })
    if (!updated) throw documentNoAccess()
    await appendHistory(trx, [
      { document_id: documentId, company_no: document.company_no, user_id: actor.id, user_name: actor.name, action, version: Number(updated.version) },
    ])
    return updated
  })
  emitDocumentEvent(app, 'patched', row)
  return row
}

/**
 * Moves a document to the trash (SPEC §2: restorable, purged after TRASH_RETENTION_DAYS). Refused with 409
 * documents:bookedCannotChange for a booked document (BAO §131/§132: only a reversal may follow), 409
 * documents:staleVersion when stale and 409 documents:alreadyInTrash.
 */
export async function trashDocument(props: TrashDocumentProps): Promise<DocumentRow> {
  return moveDocument(props, HistoryAction.trash)
}

/** Takes a document out of the trash, back to its view. Refused with 409 documents:notInTrash, staleVersion or restoreExists. */
export async function restoreDocument(props: TrashDocumentProps): Promise<DocumentRow> {
  return moveDocument(props, HistoryAction.restore)
}
