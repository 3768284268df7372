/**
 * The fields of a document the extraction reads and the document view lists, in the order they are shown:
 * what identifies the invoice, the parties, the amounts, then payment and the notes.
 */
export const DOCUMENT_FIELDS = [
  'document_type_code',
  'invoice_number',
  'issue_date',
  'delivery_date',
  'service_period_start',
  'service_period_end',
  'seller_name',
  'seller_vat_id',
  'company_register_number',
  'buyer_name',
  'buyer_address',
  'buyer_vat_id',
  'currency',
  'total_net',
  'total_tax',
  'tax_breakdown',
  'total_gross',
  'amount_due',
  'due_date',
  'skonto_due_date',
  'skonto_percent',
  'payment_method',
  'iban',
  'bic',
  'iban_payer_debit',
  'small_business',
  'reverse_charge',
] as const

/** The name of a document field (the extraction engine's FieldName). */
export type DocumentFieldName = (typeof DOCUMENT_FIELDS)[number]

/** How a value a person enters is read and checked. */
export type LabelValueKind =
  | 'text'
  | 'date'
  | 'amount'
  /** A rate in percent above 0 and below 100, at most two decimals (a Skonto of 2.5 %). */
  | 'percent'
  | 'currency'
  | 'vatId'
  | 'iban'
  /** The supplier or customer account: six digits, and it must exist in the company's accounts. */
  | 'account'
  /** The counter (expense) account: a whole number that must exist in the company's expense accounts. */
  | 'counterAccount'
  /** true or false. */
  | 'boolean'
  /** A period as YYYY-MM. */
  | 'period'
  /** A stored document kind: ER, AR, KA, Other (moves the document to that view). */
  | 'documentKind'
  /** A document group: a code of the document-category list. */
  | 'category'
  /** One of PAYMENT_METHODS. */
  | 'paymentMethod'
  /** One of SETTLEMENT_KINDS. */
  | 'settlementKind'
  /**
   * Tax lines as JSON text, one per rate: `[{"basis":"100.00","rate":"20","tax":"20.00"}]`; each tax must equal
   * basis × rate (else 'Calculation failed').
   */
  | 'taxLines'

/**
 * Fields a person can label, and how their value is written: most document fields, plus the booking's
 * account, cost centre and tax code, and the review's fields (document type, group, payment date, counter account,
 * business lunch, settlement kind …), which only people give.
 */
export const LABEL_FIELDS = {
  invoice_number: 'text',
  issue_date: 'date',
  due_date: 'date',
  skonto_due_date: 'date',
  skonto_percent: 'percent',
  delivery_date: 'date',
  total_gross: 'amount',
  total_net: 'amount',
  total_tax: 'amount',
  amount_due: 'amount',
  currency: 'currency',
  seller_name: 'text',
  buyer_name: 'text',
  buyer_address: 'text',
  seller_vat_id: 'vatId',
  buyer_vat_id: 'vatId',
  iban: 'iban',
  company_register_number: 'text',
  account_number: 'account',
  cost_center: 'text',
  tax_code: 'text',
  document_type: 'documentKind',
  category: 'category',
  payment_method: 'paymentMethod',
  payment_date: 'date',
  service_period_start: 'date',
  service_period_end: 'date',
  counter_account: 'counterAccount',
  tax_breakdown: 'taxLines',
  small_business: 'boolean',
  accounting_text: 'text',
  period: 'period',
  business_lunch: 'boolean',
  business_lunch_reason: 'text',
  business_lunch_participants: 'text',
  settlement_kind: 'settlementKind',
} as const satisfies Partial<Record<DocumentFieldName, LabelValueKind>> & Record<string, LabelValueKind>

/** A labelable field name. */
export type LabelField = keyof typeof LABEL_FIELDS

/** True when `field` is one of the document fields. */
export function isDocumentField(field: string): field is DocumentFieldName {
  return (DOCUMENT_FIELDS as readonly string[]).includes(field)
}
