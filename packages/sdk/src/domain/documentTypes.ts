/** Document views of §3 by name (ER_U incoming unconfirmed, AR_U outgoing unconfirmed, ...). */
export const DocumentType = {
  ER_U: 'ER_U',
  AR_U: 'AR_U',
  ER: 'ER',
  AR: 'AR',
  KA: 'KA',
  OtherDocuments: 'OtherDocuments',
  FullText: 'FullText',
  Trash: 'Trash',
} as const

/** One of the document type names of §3. */
export type DocumentType = (typeof DocumentType)[keyof typeof DocumentType]

/** Every document type name, in menu order. */
export const DOCUMENT_TYPES: readonly DocumentType[] = Object.values(DocumentType)

/** The lowercase `document_type` route parameter values (§2), one per document type. */
export const DocumentTypeRoute = {
  ER_U: 'er_u',
  AR_U: 'ar_u',
  ER: 'er',
  AR: 'ar',
  KA: 'ka',
  OtherDocuments: 'otherdocuments',
  FullText: 'fulltext',
  Trash: 'trash',
} as const satisfies Record<DocumentType, string>

/** A `document_type` route parameter value. */
export type DocumentTypeRoute = (typeof DocumentTypeRoute)[keyof typeof DocumentTypeRoute]

/** The route's document_type when the URL leaves it out (§9: er_u). */
export const DEFAULT_DOCUMENT_TYPE_ROUTE: DocumentTypeRoute = DocumentTypeRoute.ER_U

/** Reads a route parameter case-insensitively; unknown or missing values fall back to the default (er_u). */
export function documentTypeFromRoute(param: string | undefined): DocumentType {
  const wanted = (param ?? DEFAULT_DOCUMENT_TYPE_ROUTE).toLowerCase()
  const match = DOCUMENT_TYPES.find((type) => DocumentTypeRoute[type] === wanted)
  return match ?? DocumentType.ER_U
}

/** i18n key (namespace domain) naming a document type. */
export function documentTypeLabelKey(type: DocumentType): `domain:documentType.${DocumentType}` {
  return `domain:documentType.${type}`
}
