import type { Knex } from 'knex'
import { DocumentStatus } from '@portal/sdk/domain'
import type { AggregatorQuery, DocumentSummary, DocumentTypeName, Page } from '@portal/sdk/services'
import type { PortalParams } from '../../hooks/guard'
import { DOCUMENT_SUMMARY_COLUMNS } from '../shared/document-columns'
import { findPage } from '../shared/paginate'
import { FULL_TEXT_QUERY } from '../shared/full-text'

const DEFAULT_LIMIT = 100

/** Narrows a documents query to one document type name of SPEC §3. */
function whereType(builder: Knex.QueryBuilder, type: DocumentTypeName): void {
  const confirmed = DocumentStatus.Confirmed
  if (type === 'Trash') {
    builder.whereNotNull('documents.deleted_at')
    return
  }
  builder.whereNull('documents.deleted_at')
  switch (type) {
    case 'ER_U':
    case 'AR_U':
      builder.where('documents.document_type', type.slice(0, 2)).whereRaw('(documents.status & ?) = 0', [confirmed])
      break
    case 'ER':
    case 'AR':
      builder.where('documents.document_type', type).whereRaw('(documents.status & ?) <> 0', [confirmed])
      break
    case 'KA':
      builder.where('documents.document_type', 'KA')
      break
    case 'OtherDocuments':
      builder.where('documents.document_type', 'Other')
      break
    case 'FullText':
      break
  }
}

/** A company's documents by type, as the invoice lists and the invoice badge read them. */
export class AggregatorService {
  constructor(private readonly knex: Knex) {}

  /** Answers a page of query.client_no's documents of query.type; total is the badge count. */
  async find(params: PortalParams = {}): Promise<Page<Partial<DocumentSummary>>> {
    const query = params.query as AggregatorQuery
    const builder = this.knex('documents').where('documents.company_no', query.client_no)
    // Documents still in the editor's accumulator are not invoices yet.
    builder.where('documents.in_editor', false)
    whereType(builder, query.type)
    if (query.aggregated !== undefined) builder.where('documents.aggregated', query.aggregated)
    if (typeof query.fullText === 'string') {
      builder.whereRaw(`documents.full_text_tsv @@ (${FULL_TEXT_QUERY})`, [query.fullText, query.fullText])
    }
    return findPage<Partial<DocumentSummary>>(this.knex, builder, query, {
      columns: DOCUMENT_SUMMARY_COLUMNS,
      defaultLimit: DEFAULT_LIMIT,
      defaultSort: { created_at: -1 },
    })
  }
}
