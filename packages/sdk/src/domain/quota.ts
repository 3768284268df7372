/** States of a tax-office (FON) quota item (§4). */
export const QuotaItemState = {
  open: 'open',
  submitted: 'submitted',
  notRelevant: 'notRelevant',
  dataConflict: 'dataConflict',
  noNTCSRecord: 'noNTCSRecord',
  resolvedManually: 'resolvedManually',
} as const

/** One quota item state. */
export type QuotaItemState = (typeof QuotaItemState)[keyof typeof QuotaItemState]

/** Every quota item state. */
export const QUOTA_ITEM_STATES: readonly QuotaItemState[] = Object.values(QuotaItemState)

/** Kinds of conflict between the accounting system (NTCS) and the tax portal (FON) (§4). */
export const QuotaConflictKind = {
  noNTCSRecord: 'noNTCSRecord',
  ntcsMismatch: 'ntcsMismatch',
  fonMismatch: 'fonMismatch',
  resolvedManually: 'resolvedManually',
} as const

/** One quota conflict kind. */
export type QuotaConflictKind = (typeof QuotaConflictKind)[keyof typeof QuotaConflictKind]

/** Every quota conflict kind. */
export const QUOTA_CONFLICT_KINDS: readonly QuotaConflictKind[] = Object.values(QuotaConflictKind)
