import type { DocumentConfirmationData, DocumentRecord } from '@portal/sdk/services'
import type { Application } from '../../declarations'
import type { PortalParams } from '../../hooks/guard'
import { confirmDocument } from '../../commands/confirmDocument'
import { toDocumentRecord } from '../../models/documents/index'

/** A person confirms a document: its values become Human_Confirmation candidates and it moves to ER (AR). */
export class DocumentConfirmationsService {
  constructor(private readonly app: Application) {}

  async create(data: DocumentConfirmationData, params: PortalParams = {}): Promise<DocumentRecord> {
    const row = await confirmDocument({ app: this.app, user: params.user, documentId: data.document_id, version: data.version })
    return toDocumentRecord(row)
  }
}
