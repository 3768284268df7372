import type { DocumentRecord, DocumentTrashData, DocumentTrashPatch } from '@portal/sdk/services'
import type { Application } from '../../declarations'
import { integerId, type PortalParams } from '../../hooks/guard'
import { purgeDocument } from '../../commands/purgeDocument'
import { restoreDocument, trashDocument } from '../../commands/trashDocument'
import { toDocumentRecord } from '../../models/documents/index'

/** The trash: move a document in (create), take it back out (patch), purge it for good (remove). */
export class DocumentTrashService {
  constructor(private readonly app: Application) {}

  async create(data: DocumentTrashData, params: PortalParams = {}): Promise<DocumentRecord> {
    return toDocumentRecord(await trashDocument({ app: this.app, user: params.user, documentId: data.document_id, version: data.version }))
  }

  async patch(id: unknown, data: DocumentTrashPatch, params: PortalParams = {}): Promise<DocumentRecord> {
    return toDocumentRecord(await restoreDocument({ app: this.app, user: params.user, documentId: integerId(id), version: data.version }))
  }

  async remove(id: unknown, params: PortalParams = {}): Promise<DocumentRecord> {
    return toDocumentRecord(await purgeDocument({ app: this.app, user: params.user, documentId: integerId(id) }))
  }
}
