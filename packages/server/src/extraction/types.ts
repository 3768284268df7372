/** Field names the extraction engine reports. */
export type FieldName =
  | 'invoice_number'
  | 'issue_date'
  | 'due_date'
  | 'currency'
  | 'total_gross'
  | 'total_net'
  | 'total_tax'
  | 'amount_due'
  | 'tax_breakdown'
  | 'seller_name'
  | 'seller_vat_id'
  | 'buyer_name'
  | 'buyer_vat_id'
  | 'iban'
  | 'bic'
  | 'iban_payer_debit'
  | 'company_register_number'
  | 'skonto_due_date'
  | 'payment_method'
  | 'service_period_start'
  | 'service_period_end'
  | 'delivery_date'
  | 'small_business'
  | 'reverse_charge'
  | 'document_type_code'

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
}

/** The recognised kind of an input file. */
export type FileKind = 'pdf' | 'jpeg' | 'png' | 'tiff' | 'xml-ubl' | 'xml-cii' | 'xml-ebinterface'

/** Why a file is refused: `key` in the i18n namespace 'documents'; the caller adds `file` to the params. */
export interface Refusal {
  key: RefusalKey
  params?: Record<string, string | number>
}

/** i18n keys (namespace 'documents') for refusal reasons. */
export type RefusalKey =
  | 'refusal.empty'
  | 'refusal.unsupportedType'
  | 'refusal.encryptedPdf'
  | 'refusal.brokenPdf'
  | 'refusal.tooManyPages'
  | 'refusal.tooManyPixels'
  | 'refusal.tooLarge'
  | 'refusal.brokenImage'
  | 'refusal.brokenXml'
  | 'refusal.xmlDoctype'
