import type { Knex } from 'knex'
import type { DocumentHistoryQuery, HistoryEntry, Page } from '@portal/sdk/services'
import type { PortalParams } from '../../hooks/guard'
import { historyPage } from '../../models/document-history'

const DEFAULT_LIMIT = 100

/** One document's history, newest first. */
export class DocumentHistoryService {
  constructor(private readonly knex: Knex) {}

  async find(params: PortalParams = {}): Promise<Page<HistoryEntry>> {
    const query = params.query as DocumentHistoryQuery
    const limit = query.$limit ?? DEFAULT_LIMIT
    const skip = query.$skip ?? 0
    const { total, data } = await historyPage(this.knex, query.document_id, limit, skip)
    return { total, limit, skip, data }
  }
}
