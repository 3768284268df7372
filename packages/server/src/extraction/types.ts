import type { DocumentFieldName } from '@portal/sdk/domain'

/** Field names the extraction engine reports: the document fields of the SDK domain. */
export type FieldName = DocumentFieldName

/** A rectangle on a page in PDF points, origin top-left. */
export interface Box {
  x: number
  y: number
  width: number
  height: number
}

/** One tax line: rate in percent, basis and tax as exact decimal strings. */
export interface TaxLine {
  rate: string
  basis: string | null
  tax: string | null
  category?: string | null
}

/** A value found for a field, with its origin; money and rates are exact decimal strings. */
export interface Candidate {
  field: FieldName
  value: string | TaxLine[]
  /** Data-source code (SPEC §3, DataSource of the SDK domain). */
  source: number
  /** 0..1, how much the extractor trusts this value. */
  confidence: number
  /** 1-based page number, null when the value does not come from a page position (e.g. XML). */
  page: number | null
  box: Box | null
  /** The label the value was found next to, if any (used by the supplier memory). */
  label?: string
  /** The lowest confidence (0..100) the OCR engine gave a word the value was read from; absent off OCR words. */
  ocrWordConfidence?: number
  /** Where that word confidence lowered the value: its confidence as the document's evidence settled it (calibration). */
  evidenceConfidence?: number
}

/** The recognised kind of an input file (defined in the SDK domain). */
export type { FileKind } from '@portal/sdk/domain'

/** Why a file is refused: `key` in the i18n namespace 'documents'; the caller adds `file` to the params. */
export interface Refusal {
  key: RefusalKey
  params?: Record<string, string | number>
}

/** i18n keys (namespace 'documents') for refusal reasons. */
export type RefusalKey =
  | 'refusal.empty'
  | 'refusal.unsupportedType'
  | 'refusal.ebInterfaceVersion'
  | 'refusal.encryptedPdf'
  | 'refusal.brokenPdf'
  | 'refusal.tooManyPages'
  | 'refusal.tooManyPixels'
  | 'refusal.tooLarge'
  | 'refusal.brokenImage'
  | 'refusal.brokenXml'
  | 'refusal.xmlDoctype'

/**
 * The client company a document was uploaded for, as the portal knows it: it is the buyer of an incoming invoice and
 * the seller of an outgoing one, and never the other party.
 */
export interface ClientParty {
  name: string
  vatId: string | null
  iban: string | null
  /** The client's side when the document's kind is fixed (chosen at upload): buyer (incoming), seller (outgoing). */
  role: 'buyer' | 'seller' | null
  /** The side taken when the page does not tell (the kind the document has now). */
  usualRole: 'buyer' | 'seller' | null
}
