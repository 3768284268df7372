import type { Knex } from 'knex'
import type { AggregatorQuery, DocumentSummary, Page } from '@portal/sdk/services'
import type { PortalParams } from '../../hooks/guard'
import { hiddenDocumentKinds } from '../../policies/index'
import { DOCUMENT_SORT_COLUMNS, DOCUMENT_SUMMARY_COLUMNS, invoiceListQuery } from '../../models/documents/index'
import { findPage } from '../shared/paginate'

const DEFAULT_LIMIT = 100

/** A company's documents by view, filtered, sorted and paged, as the invoice lists and the invoice badge read them. */
export class AggregatorService {
  constructor(private readonly knex: Knex) {}

  /** Answers a page of query.client_no's documents of query.type; total is the badge count. */
  async find(params: PortalParams = {}): Promise<Page<Partial<DocumentSummary>>> {
    const query = params.query as AggregatorQuery
    const builder = invoiceListQuery(this.knex, {
      companyNo: query.client_no,
      view: query.type,
      aggregated: query.aggregated,
      fullText: typeof query.fullText === 'string' ? query.fullText : undefined,
      dateFrom: query.date_from,
      dateTo: query.date_to,
      party: query.party,
      amountMin: query.amount_min,
      amountMax: query.amount_max,
      statusHas: query.status_has,
      statusLacks: query.status_lacks,
      month: query.month,
      processingState: query.processing_state,
      approval: query.approval,
      hiddenKinds: hiddenDocumentKinds(params.user),
    })
    // Newest first, as the view index holds them, so a first page reads only its rows; a filtered or otherwise sorted
    // page is picked over the view index alone (it holds the filtered columns, migration 037), then read by id.
    return findPage<Partial<DocumentSummary>>(this.knex, builder, query, {
      pageByIds: true,
      columns: DOCUMENT_SUMMARY_COLUMNS,
      sortColumns: DOCUMENT_SORT_COLUMNS,
      defaultLimit: DEFAULT_LIMIT,
      defaultSort: { created_at: -1, id: -1 },
    })
  }
}
