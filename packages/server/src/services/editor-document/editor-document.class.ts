import type { Knex } from 'knex'
import type { DocumentSummary, EditorDocumentQuery, Page } from '@portal/sdk/services'
import type { PortalParams } from '../../hooks/guard'
import { hiddenDocumentKinds } from '../../policies/index'
import { DOCUMENT_SUMMARY_COLUMNS, editorDocumentsQuery } from '../../models/documents/index'
import { findPage } from '../shared/paginate'

const DEFAULT_LIMIT = 100

/** Documents in the document editor; total is the editor badge. */
export class EditorDocumentService {
  constructor(private readonly knex: Knex) {}

  /** Answers a page of editor documents of query.client_no, or of every company the caller may see. */
  async find(params: PortalParams = {}): Promise<Page<Partial<DocumentSummary>>> {
    const query = params.query as EditorDocumentQuery
    const builder = editorDocumentsQuery(this.knex, {
      companyNo: query.client_no,
      companies: params.companies,
      hiddenKinds: hiddenDocumentKinds(params.user),
      waiting: 'is_processed_documents_accumulator' in query,
    })
    return findPage<Partial<DocumentSummary>>(this.knex, builder, query, {
      columns: DOCUMENT_SUMMARY_COLUMNS,
      defaultLimit: DEFAULT_LIMIT,
      defaultSort: { created_at: -1 },
    })
  }
}
