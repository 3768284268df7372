import type { Knex } from 'knex'
import type { DocumentSummary, EditorDocumentQuery, Page } from '@portal/sdk/services'
import type { PortalParams } from '../../hooks/guard'
import { DOCUMENT_SUMMARY_COLUMNS } from '../shared/document-columns'
import { findPage } from '../shared/paginate'

const DEFAULT_LIMIT = 100

/** Documents in the document editor; total is the editor badge. */
export class EditorDocumentService {
  constructor(private readonly knex: Knex) {}

  /** Answers a page of editor documents of query.client_no, or of every company the caller may see. */
  async find(params: PortalParams = {}): Promise<Page<Partial<DocumentSummary>>> {
    const query = params.query as EditorDocumentQuery
    const builder = this.knex('documents').where('documents.in_editor', true).whereNull('documents.deleted_at')
    if (query.client_no !== undefined) builder.where('documents.company_no', query.client_no)
    else if (params.companies) builder.whereIn('documents.company_no', params.companies)
    if ('is_processed_documents_accumulator' in query) builder.whereNull('documents.is_processed_documents_accumulator')
    return findPage<Partial<DocumentSummary>>(this.knex, builder, query, {
      columns: DOCUMENT_SUMMARY_COLUMNS,
      defaultLimit: DEFAULT_LIMIT,
      defaultSort: { created_at: -1 },
    })
  }
}
