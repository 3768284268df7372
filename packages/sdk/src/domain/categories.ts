/** Document category codes of §3 (1 ER_U ... 9 Latest). */
export const DocumentCategory = {
  ER_U: 1,
  AR_U: 2,
  ER: 3,
  AR: 4,
  KA: 5,
  Other: 6,
  FullText: 7,
  Deleted: 8,
  Latest: 9,
} as const

/** One of the category codes 1..9. */
export type DocumentCategory = (typeof DocumentCategory)[keyof typeof DocumentCategory]

/**
 * The name-to-code map exactly as §3 gives it. It deliberately differs from DocumentCategory
 * (KA is 1 here, 5 there): the source system pairs them this way, so we keep it verbatim.
 */
export const CATEGORY_CODE_BY_NAME = {
  KA: 1,
  ER: 3,
  AR: 4,
} as const

/** A name that CATEGORY_CODE_BY_NAME knows. */
export type CategoryName = keyof typeof CATEGORY_CODE_BY_NAME
