import type { DocumentRecord, DocumentsPatch, DocumentsQuery, Page } from '@portal/sdk/services'
import type { Application } from '../../declarations'
import type { PortalParams } from '../../hooks/guard'
import { integerId } from '../../hooks/guard'
import { hiddenDocumentKinds } from '../../policies/index'
import { findPage } from '../shared/paginate'
import { retryExtraction } from '../../commands/retryExtraction'
import { trashDocument } from '../../commands/trashDocument'
import {
  companyDocumentsQuery,
  DOCUMENT_RECORD_COLUMNS,
  documentNoAccess,
  loadDocument,
  toDocumentRecord,
} from '../../models/documents/index'

/** A company's documents: list, one document, retry a failed extraction, move to the trash. */
export class DocumentsService {
  constructor(private readonly app: Application) {}

  private get knex() {
    return this.app.get('knex')
  }

  async find(params: PortalParams = {}): Promise<Page<Partial<DocumentRecord>>> {
    const query = params.query as DocumentsQuery
    const builder = companyDocumentsQuery(this.knex, { companyNo: query.client_no, processingState: query.processing_state, hiddenKinds: hiddenDocumentKinds(params.user) })
    return findPage<Partial<DocumentRecord>>(this.knex, builder, query, {
      columns: DOCUMENT_RECORD_COLUMNS,
      defaultLimit: 100,
      defaultSort: { created_at: -1, id: -1 },
    })
  }

  async get(id: unknown): Promise<DocumentRecord> {
    const row = await loadDocument(this.knex, integerId(id))
    if (!row) throw documentNoAccess()
    return toDocumentRecord(row)
  }

  async patch(id: unknown, data: DocumentsPatch): Promise<DocumentRecord> {
    const documentId = integerId(id)
    if (data.retry) await retryExtraction({ app: this.app, documentId })
    return this.get(documentId)
  }

  /**
   * Moves a document to the trash (recorded in its history); a booked one is refused (409), it can only be reversed
   * (BAO §131/§132). Takes no version: document-trash.create is the versioned way.
   */
  async remove(id: unknown, params: PortalParams = {}): Promise<DocumentRecord> {
    return toDocumentRecord(await trashDocument({ app: this.app, user: params.user, documentId: integerId(id) }))
  }
}
