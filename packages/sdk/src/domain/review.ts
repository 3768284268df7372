import { DocumentStatus, hasStatus } from './status'
import { DocumentType } from './documentTypes'
import { DOCUMENT_KINDS, DocumentKind } from './documentKinds'
import type { Permission } from './permissions'

/**
 * Rights (one of them) a stored document kind asks for to be seen at all: an outgoing invoice needs `lar` (SPEC §6
 * "List outgoing invoices"). One rule for every way in — the lists (documents, search, the aggregator's views), one
 * document (documents.get, its fields, history, editor, bookings, the file and its page images) and the events.
 */
export const KIND_PERMISSIONS: Readonly<Partial<Record<DocumentKind, readonly Permission[]>>> = {
  [DocumentKind.AR]: ['lar'],
}

/** The rights (one of them) a document of this stored kind asks for; empty when its company is enough. */
export function kindPermissions(kind: unknown): readonly Permission[] {
  return typeof kind === 'string' && Object.hasOwn(KIND_PERMISSIONS, kind) ? (KIND_PERMISSIONS[kind as DocumentKind] ?? []) : []
}

/** The stored kinds a user with these permissions may not see (the lists leave them out). */
export function hiddenKinds(permissions: readonly string[]): DocumentKind[] {
  return DOCUMENT_KINDS.filter((kind) => {
    const needs = kindPermissions(kind)
    return needs.length > 0 && !needs.some((code) => permissions.includes(code))
  })
}

/** What a document record asks for (the document services' `recordRequires`): its kind's rights. */
export function documentRecordRequires(record: unknown): readonly Permission[] {
  return kindPermissions((record as { document_type?: unknown } | null)?.document_type)
}

/**
 * Rights a document view needs beyond the Accounting screen (which needs none): the outgoing lists need what an
 * outgoing invoice needs (`lar`). The server's policy and the web's menu read the same table.
 */
export const VIEW_PERMISSIONS: Readonly<Partial<Record<DocumentType, readonly Permission[]>>> = {
  [DocumentType.AR_U]: kindPermissions(DocumentKind.AR),
  [DocumentType.AR]: kindPermissions(DocumentKind.AR),
}

/** The rights (one of them) a view needs; empty when the view is open to everyone with the company. */
export function viewPermissions(view: DocumentType): readonly Permission[] {
  return VIEW_PERMISSIONS[view] ?? []
}

/**
 * Rights (one of them) a person's value on a document needs beyond labeling: a confirmed document is corrected
 * by someone who may confirm (`app`), since the correction is itself a confirmation of that field.
 */
export function labelPermissions(status: number): readonly Permission[] {
  return hasStatus(status, DocumentStatus.Confirmed) ? ['app'] : []
}

/** How long a presence ("I have this document open") lives without a heartbeat. */
export const PRESENCE_TTL_MS = 60_000

/** How often an open document renews its presence (well inside the TTL, so one lost beat does not drop it). */
export const PRESENCE_HEARTBEAT_MS = 20_000

/** What a history entry records: a value's change and by which step, or an action on the whole document. */
export const HistoryAction = {
  /** The extraction (machines) set or changed a value. */
  extract: 'extract',
  /** A person entered or corrected a value. */
  label: 'label',
  /** A person confirmed the document (ER_U → ER, AR_U → AR). */
  confirm: 'confirm',
  trash: 'trash',
  restore: 'restore',
  purge: 'purge',
  /** A person booked the document (its values became Human_Booking candidates, status Booked). */
  book: 'book',
  /** A person reversed the document's booking (a Storno booking with its reason); it is changeable again. */
  reverse: 'reverse',
  /** A person commented on the document (new_value: the text); comments are part of its history. */
  comment: 'comment',
  /** The author changed a comment (old → new text). */
  commentEdit: 'commentEdit',
  /** The author deleted a comment (old_value: its text). */
  commentRemove: 'commentRemove',
} as const

/** One history action. */
export type HistoryAction = (typeof HistoryAction)[keyof typeof HistoryAction]

/** Every history action. */
export const HISTORY_ACTIONS: readonly HistoryAction[] = Object.values(HistoryAction)

/** Partial statement, final settlement or down payment (SPEC §3). */
export const SettlementKind = {
  partial_statement: 'partial_statement',
  final_settlement: 'final_settlement',
  down_payment: 'down_payment',
} as const

/** One settlement kind. */
export type SettlementKind = (typeof SettlementKind)[keyof typeof SettlementKind]

/** Every settlement kind. */
export const SETTLEMENT_KINDS: readonly SettlementKind[] = Object.values(SettlementKind)

/** Fields a document must have before it can be confirmed (a small-amount invoice needs no number: SMALL_AMOUNT_GROSS_LIMIT). */
export const REQUIRED_TO_CONFIRM = ['invoice_number', 'issue_date', 'total_gross'] as const

/**
 * The gross amount up to which an invoice is a small-amount invoice (Kleinbetragsrechnung, § 11 Abs. 6 UStG, € 400):
 * it needs no invoice number and no buyer, so a till receipt can be confirmed as it is.
 */
export const SMALL_AMOUNT_GROSS_LIMIT = '400.00'

/** Fields a document may lack or print wrongly (IBAN, VAT ids): a broken rule there warns, it does not refuse a confirmation. */
export const OPTIONAL_FIELDS: readonly string[] = ['iban', 'seller_vat_id', 'buyer_vat_id']

/** True when a broken rule on `field` only warns (an optional field), so a confirmation still goes through. */
export function isWarningField(field: string): boolean {
  return OPTIONAL_FIELDS.includes(field)
}

/** The view a stored document shows in (SPEC §3): the trash, its kind's confirmed or unconfirmed list, KA or Other. */
export function viewOfDocument(document: { document_type: string; status: number; deleted_at?: unknown }): DocumentType {
  if (document.deleted_at) return DocumentType.Trash
  const confirmed = hasStatus(document.status, DocumentStatus.Confirmed)
  switch (document.document_type) {
    case 'ER':
      return confirmed ? DocumentType.ER : DocumentType.ER_U
    case 'AR':
      return confirmed ? DocumentType.AR : DocumentType.AR_U
    case 'KA':
      return DocumentType.KA
    default:
      return DocumentType.OtherDocuments
  }
}
