/** The stored kind of a document (`document_type`): incoming invoice, outgoing invoice, cash-book receipt, other. */
export const DocumentKind = {
  ER: 'ER',
  AR: 'AR',
  KA: 'KA',
  Other: 'Other',
} as const

/** One stored document kind. */
export type DocumentKind = (typeof DocumentKind)[keyof typeof DocumentKind]

/** Every stored document kind. */
export const DOCUMENT_KINDS: readonly DocumentKind[] = Object.values(DocumentKind)

/** True for the kinds booked as incoming (everything but outgoing invoices: the supplier is the other party). */
export function isIncomingKind(kind: DocumentKind): boolean {
  return kind !== DocumentKind.AR
}

/** The `type` an upload may name (HTTP `?type=`, `portal upload --type`), lower case as in routes. */
export const UploadType = {
  er_u: 'er_u',
  ar_u: 'ar_u',
  ka: 'ka',
  other: 'other',
} as const

/** One upload type. */
export type UploadType = (typeof UploadType)[keyof typeof UploadType]

/** Every upload type, in the order help texts list them. */
export const UPLOAD_TYPES: readonly UploadType[] = Object.values(UploadType)

/** The upload type the CLI assumes when none is given (incoming invoices, as the portal's default view). */
export const DEFAULT_UPLOAD_TYPE: UploadType = UploadType.er_u

/** The kind a document uploaded as `type` is stored as. */
export const UPLOAD_TYPE_KIND = {
  er_u: DocumentKind.ER,
  ar_u: DocumentKind.AR,
  ka: DocumentKind.KA,
  other: DocumentKind.Other,
} as const satisfies Record<UploadType, DocumentKind>

/** The kind of a document whose upload named no type: incoming until the pipeline decides otherwise. */
export const DEFAULT_DOCUMENT_KIND: DocumentKind = DocumentKind.ER

/** True when `value` is an upload type (own names only, so no inherited property passes). */
export function isUploadType(value: string): value is UploadType {
  return Object.hasOwn(UPLOAD_TYPE_KIND, value)
}
