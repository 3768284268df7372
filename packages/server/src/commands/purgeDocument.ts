import { HistoryAction } from '@portal/sdk/domain'
import type { SessionUser } from '@portal/sdk/services'
import type { Application } from '../declarations'
import { removeUnreferencedFile } from '../documents/file-lock'
import { documentStore } from '../documents/runtime'
import { appendHistory } from '../models/document-history'
import { deleteTrashedDocument, documentNoAccess, emitDocumentEvent, lockDocumentForChange, notInTrash, retainedBooked, type DocumentRow } from '../models/documents/index'
import { retainedUntil } from '../models/bookings'
import { actorOf } from '../models/users'

/** Props of purgeDocument. */
export interface PurgeDocumentProps {
  app: Application
  /** The person purging; undefined for the retention job. */
  user?: SessionUser
  documentId: number
}

/**
 * Purges a trashed document for good: its row with its pages, candidates, search text and presences, then its file
 * unless another row (of any company, trashed ones too) uses the same content. The history stays, with a purge entry
 * written in the same transaction. Refused with 409 documents:notInTrash for a live document and 409
 * documents:retainedBooked for a document that was ever booked (BAO § 132). Emits `removed`.
 */
export async function purgeDocument(props: PurgeDocumentProps): Promise<DocumentRow> {
  const { app, documentId } = props
  const knex = app.get('knex')
  const actor = await actorOf(knex, props.user)
  const row = await knex.transaction(async (trx) => {
    const document = await lockDocumentForChange(trx, documentId)
    if (!document) throw documentNoAccess()
    if (!document.deleted_at) throw notInTrash(documentId)
    // Booked records and their documents are kept at least seven years (BAO § 132); the journal keeps a reversed
    // booking too, so a document with any booking is never purged.
    const until = await retainedUntil(trx, documentId)
    if (until) throw retainedBooked(documentId, until)
    await appendHistory(trx, [
      {
        document_id: documentId,
        company_no: document.company_no,
        user_id: actor.id,
        user_name: actor.name,
        action: HistoryAction.purge,
        version: Number(document.version) + 1,
      },
    ])
    const deleted = await deleteTrashedDocument(trx, documentId)
    if (!deleted) throw notInTrash(documentId)
    return deleted
  })
  await removeUnreferencedFile(knex, documentStore(app), String(row.sha256).trim())
  emitDocumentEvent(app, 'removed', row)
  return row
}
