import type { Knex } from 'knex'
import { DOCUMENT_TYPES, DocumentType, viewPermissions } from '@portal/sdk/domain'
import type { InvoiceCounts, InvoiceCountsQuery } from '@portal/sdk/services'
import type { PortalParams } from '../../hooks/guard'
import { hiddenDocumentKinds } from '../../policies/index'
import { countOtherByMonth, countViews } from '../../models/documents/index'

/** How many documents each view of a company holds, in one call (the Accounting screen's tabs and badges). */
export class InvoiceCountsService {
  constructor(private readonly knex: Knex) {}

  async find(params: PortalParams = {}): Promise<InvoiceCounts> {
    const query = params.query as InvoiceCountsQuery
    const [counts, months] = await Promise.all([countViews(this.knex, query.client_no, hiddenDocumentKinds(params.user)), countOtherByMonth(this.knex, query.client_no)])
    // A view the caller may not list is not counted for them either (internal calls see every count).
    const permissions = params.user?.permissions_array
    const visible = (view: Exclude<DocumentType, 'FullText'>): number | null => {
      const needs = viewPermissions(view)
      return !permissions || needs.length === 0 || needs.some((code) => permissions.includes(code)) ? counts[view] : null
    }
    // FullText is a search, not a set of documents: it has no count.
    const views = Object.fromEntries(
      DOCUMENT_TYPES.map((view) => [view, view === DocumentType.FullText ? null : visible(view)]),
    ) as InvoiceCounts['views']
    return { client_no: query.client_no, views, months }
  }
}
