import { DocumentType, DocumentTypeRoute, documentTypeFromRoute } from '@portal/sdk/domain'
import type { CompanySettings } from '@portal/sdk/services'

/** The outgoing-invoice views: listed only for users with `lar` (SPEC §6). */
export const OUTGOING_VIEWS: readonly DocumentType[] = [DocumentType.AR_U, DocumentType.AR]

/** The views the Accounting screen offers, in tab order (SPEC §2 invoice views). */
const ALL_VIEWS: readonly DocumentType[] = [
  DocumentType.ER_U,
  DocumentType.AR_U,
  DocumentType.ER,
  DocumentType.AR,
  DocumentType.KA,
  DocumentType.OtherDocuments,
  DocumentType.FullText,
  DocumentType.Trash,
]

/** What decides which views a user sees for a company. */
export interface ViewOptions {
  /** The user may list outgoing invoices (`lar`). */
  listOutgoing: boolean
  /** The company setting "show cash book". */
  showCashBook: boolean
}

/** The views shown: outgoing ones only with `lar`, the cash book only when the company shows it. */
export function visibleViews({ listOutgoing, showCashBook }: ViewOptions): DocumentType[] {
  return ALL_VIEWS.filter((view) => (listOutgoing || !OUTGOING_VIEWS.includes(view)) && (showCashBook || view !== DocumentType.KA))
}

/** The view a route parameter names, or undefined when it names none (the caller then goes to the default). */
export function viewOfParam(param: string | undefined): DocumentType | undefined {
  if (param === undefined) return undefined
  const view = documentTypeFromRoute(param)
  return DocumentTypeRoute[view] === param.toLowerCase() ? view : undefined
}

/** The `document_type` route parameter of a view (lowercase, SPEC §2). */
export function viewParam(view: DocumentType): string {
  return DocumentTypeRoute[view]
}

/** Views that list documents from the aggregator (all but the full-text search). */
export function isListView(view: DocumentType): boolean {
  return view !== DocumentType.FullText
}

/** Views whose documents are outgoing invoices: the partner is the customer, not the supplier. */
export function isOutgoingView(view: DocumentType): boolean {
  return OUTGOING_VIEWS.includes(view)
}

/** The company setting "show cash book" from the company data the shell loaded (a find answer: a list). */
export function showsCashBook(settings: unknown): boolean {
  const list = Array.isArray(settings) ? (settings as CompanySettings[]) : []
  return list[0]?.show_cash_book === true
}
