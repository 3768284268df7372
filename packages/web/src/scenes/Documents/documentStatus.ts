import { ProcessingState } from '@portal/sdk/domain'
import type { DocumentRecord } from '@portal/sdk/services'

/** What the Documents screen says about a document's processing. */
export type DocumentStatusKind = 'processing' | 'ready' | 'attention' | 'failed'

/**
 * Queued and running extractions are "processing"; a finished one "needs attention" when it looks like a
 * duplicate or holds several invoices (one invoice per PDF, SPEC §1), else it is "ready".
 */
export function documentStatus(record: Pick<DocumentRecord, 'processing_state' | 'duplicate_of' | 'split_suggestion'>): DocumentStatusKind {
  if (record.processing_state === ProcessingState.failed) return 'failed'
  if (record.processing_state !== ProcessingState.done) return 'processing'
  if (record.duplicate_of !== null || (record.split_suggestion !== null && record.split_suggestion.length > 0)) return 'attention'
  return 'ready'
}

/** Page ranges of a split suggestion as people write them: "1–2, 3–4". */
export function formatRanges(ranges: readonly { from: number; to: number }[]): string {
  return ranges.map(({ from, to }) => (from === to ? String(from) : `${from}–${to}`)).join(', ')
}
