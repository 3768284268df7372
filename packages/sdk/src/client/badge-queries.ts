import { DocumentType } from '../domain/documentTypes'
import { can, type AbilityUser } from '../services/abilities'
import type { AggregatorQuery } from '../services/aggregator'
import type { DocumentSummary } from '../services/documents-common'
import type { EditorDocumentQuery } from '../services/editor-document'
import type { MenuBadge } from '../state/menu'
import type { Timers } from '../state/timers'
import type { PortalClient } from './create-client'
import { createLiveQuery, type LiveQuery } from './live-query'

/**
 * The invoice badge (SPEC §7): the company's incoming unconfirmed invoices whose aggregation is done.
 * `$limit: 0` because only the count is shown; the rows would be thrown away.
 */
export function invoiceBadgeQuery(companyNo: number): AggregatorQuery {
  return { client_no: companyNo, aggregated: true, type: DocumentType.ER_U, fullText: null, $select: ['id'], $limit: 0 }
}

/**
 * The editor badge (SPEC §7): unprocessed editor documents over every company the user may see, hence no
 * client_no (the editor-document schema counts over all the caller's companies without one).
 */
export const EDITOR_BADGE_QUERY: Readonly<EditorDocumentQuery> = {
  is_processed_documents_accumulator: null,
  $select: ['id'],
  $limit: 0,
}

/** The live counts of the two badges; null where a badge does not apply (no company, or no right to the service). */
export type BadgeQueries = Record<MenuBadge, LiveQuery<BadgeRecord> | null>

/** What the counted services answer and emit: document summaries (only `id` is selected). */
export type BadgeRecord = Partial<DocumentSummary>

/** Options of createBadgeQueries. */
export interface BadgeQueriesOptions {
  /** One-shot timers for the debounce; the platform's by default. */
  timers?: Timers
}

/**
 * Both badge counts, kept current: each runs its find again (debounced) when a document event that can change
 * it arrives, and after a reconnect. The counted services carry no events of their own for every change,
 * so the documents behind them are watched too.
 */
export function createBadgeQueries(
  client: PortalClient,
  user: AbilityUser,
  companyNo: number,
  options: BadgeQueriesOptions = {},
): BadgeQueries {
  const aggregator = client.service('aggregator')
  const editor = client.service('editor-document')
  const documents = client.service('documents')
  const shared = { mode: 'refetch', reconnects: client.socket.io, timers: options.timers } as const
  const invoices =
    companyNo > 0 && can(user, 'aggregator', 'find', { companyNo })
      ? createLiveQuery<BadgeRecord, AggregatorQuery>(aggregator, invoiceBadgeQuery(companyNo), {
          ...shared,
          watch: [editor, documents],
          belongsTo: (record) => record.company_no === companyNo,
        })
      : null
  const editorCount = can(user, 'editor-document', 'find')
    ? createLiveQuery<BadgeRecord, EditorDocumentQuery>(editor, { ...EDITOR_BADGE_QUERY }, { ...shared, watch: [aggregator, documents] })
    : null
  return { invoices, editor: editorCount }
}
