import { isIncomingKind, type DocumentFieldName, type DocumentKind } from '@portal/sdk/domain'

/** API field -> SQL expression of a document summary; dates as ISO text, money as exact decimal text. */
export const DOCUMENT_SUMMARY_COLUMNS: Record<string, string> = {
  id: 'documents.id',
  company_no: 'documents.company_no',
  document_type: 'documents.document_type',
  category: 'documents.category',
  status: 'documents.status',
  file_name: 'documents.file_name',
  mime: 'documents.mime',
  pages: 'documents.pages',
  // bigint would arrive as a string; sizes stay far below 2^53.
  size: 'documents.size::float8',
  processing_state: 'documents.processing_state',
  aggregated: 'documents.aggregated',
  invoice_date: "to_char(documents.invoice_date, 'YYYY-MM-DD')",
  invoice_number: 'documents.invoice_number',
  party_name: 'documents.party_name',
  total_gross: 'documents.total_gross::text',
  currency: 'documents.currency',
  created_at: 'documents.created_at',
  deleted_at: 'documents.deleted_at',
  version: 'documents.version',
}

/** Summary fields selected as text that sort by their column: amounts as numbers, dates as dates (and by the view indexes). */
export const DOCUMENT_SORT_COLUMNS: Record<string, string> = {
  total_gross: 'documents.total_gross',
  invoice_date: 'documents.invoice_date',
}

/** API field -> SQL expression of a document record (the summary plus processing details). */
export const DOCUMENT_RECORD_COLUMNS: Record<string, string> = {
  ...DOCUMENT_SUMMARY_COLUMNS,
  processing_error: 'documents.processing_error',
  file_kind: 'documents.file_kind',
  duplicate_of: 'documents.duplicate_of',
  split_suggestion: 'documents.split_suggestion',
  erp_message: 'documents.erp_message',
  client_note: 'documents.client_note',
}

/** Document fields kept in a column of their own (field -> column); the other fields live only as candidates. */
export const FIELD_COLUMNS = {
  invoice_number: 'invoice_number',
  issue_date: 'invoice_date',
  due_date: 'due_date',
  skonto_due_date: 'discount_due_date',
  skonto_percent: 'discount_percent',
  total_gross: 'total_gross',
  total_net: 'total_net',
  total_tax: 'tax_amount',
  currency: 'currency',
  seller_vat_id: 'seller_vat_id',
  buyer_vat_id: 'buyer_vat_id',
  iban: 'iban',
  company_register_number: 'register_no',
  payment_method: 'payment_method',
  service_period_start: 'accrual_start',
  service_period_end: 'accrual_end',
  small_business: 'small_business',
} as const satisfies Partial<Record<DocumentFieldName, string>>

/**
 * Fields only people give in the review (issue 11), each in its column; like the others they are derived from the
 * candidates, so a row never keeps a value no candidate holds.
 */
export const REVIEW_COLUMNS = {
  category: 'category',
  payment_date: 'payment_date',
  counter_account: 'counter_account',
  accounting_text: 'accounting_text',
  period: 'period',
  business_lunch_reason: 'business_lunch_reason',
  business_lunch_participants: 'business_lunch_participants',
  settlement_kind: 'settlement_kind',
} as const

/** Booking fields only people give (or a supplier's defaults and account matching propose): field -> column. */
export const BOOKING_COLUMNS = {
  account_number: 'account_number',
  cost_center: 'cost_center',
  tax_code: 'tax_code',
} as const

/** A booking field. */
export type BookingField = keyof typeof BOOKING_COLUMNS

/** The current value of each field, as text (what the candidates table keeps). */
export type FieldValues = Partial<Record<string, string>>

const text = (values: FieldValues, field: string): string | null => {
  const value = values[field]
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null
}

// Extracted payment methods and the SDK's PaymentMethod values (what people label) -> the column's values (its check constraint).
const PAYMENT_METHODS: Record<string, string> = {
  bankTransaction: 'bank_transaction',
  sepaDirectDebit: 'sepa_direct_debit',
  creditCard: 'credit_card',
  bank_transfer: 'bank_transaction',
  bank_transaction: 'bank_transaction',
  sepa_direct_debit: 'sepa_direct_debit',
  direct_debit: 'sepa_direct_debit',
  cash: 'cash',
  paid_cash: 'cash',
  credit_card: 'credit_card',
}

const integer = (values: FieldValues, field: string): number | null => {
  const value = text(values, field)
  return value !== null && /^\d{1,9}$/.test(value) ? Number(value) : null
}

/**
 * The documents columns the current field values fill; the other party's VAT id goes to `vat_id` and its name to
 * `party_name`.
 */
export function documentColumnsFrom(values: FieldValues, kind: DocumentKind): Record<string, string | number | boolean | null> {
  const sellerVat = text(values, 'seller_vat_id')
  const buyerVat = text(values, 'buyer_vat_id')
  const method = text(values, 'payment_method')
  return {
    [FIELD_COLUMNS.invoice_number]: text(values, 'invoice_number'),
    [FIELD_COLUMNS.issue_date]: text(values, 'issue_date'),
    [FIELD_COLUMNS.due_date]: text(values, 'due_date'),
    [FIELD_COLUMNS.skonto_due_date]: text(values, 'skonto_due_date'),
    [FIELD_COLUMNS.skonto_percent]: text(values, 'skonto_percent'),
    [FIELD_COLUMNS.total_gross]: text(values, 'total_gross'),
    [FIELD_COLUMNS.total_net]: text(values, 'total_net'),
    [FIELD_COLUMNS.total_tax]: text(values, 'total_tax'),
    [FIELD_COLUMNS.currency]: (text(values, 'currency') ?? 'EUR').slice(0, 3).toUpperCase(),
    [FIELD_COLUMNS.seller_vat_id]: sellerVat,
    [FIELD_COLUMNS.buyer_vat_id]: buyerVat,
    vat_id: isIncomingKind(kind) ? sellerVat : buyerVat,
    [FIELD_COLUMNS.iban]: text(values, 'iban'),
    [FIELD_COLUMNS.company_register_number]: text(values, 'company_register_number'),
    [FIELD_COLUMNS.payment_method]: method ? (PAYMENT_METHODS[method] ?? null) : null,
    [FIELD_COLUMNS.service_period_start]: text(values, 'service_period_start'),
    [FIELD_COLUMNS.service_period_end]: text(values, 'service_period_end'),
    [FIELD_COLUMNS.small_business]: text(values, 'small_business') === 'true',
    party_name: text(values, isIncomingKind(kind) ? 'seller_name' : 'buyer_name'),
    [REVIEW_COLUMNS.category]: integer(values, 'category'),
    [REVIEW_COLUMNS.payment_date]: text(values, 'payment_date'),
    [REVIEW_COLUMNS.counter_account]: integer(values, 'counter_account'),
    [REVIEW_COLUMNS.accounting_text]: text(values, 'accounting_text'),
    [REVIEW_COLUMNS.period]: text(values, 'period'),
    business_lunch: text(values, 'business_lunch') === 'true',
    [REVIEW_COLUMNS.business_lunch_reason]: text(values, 'business_lunch_reason'),
    [REVIEW_COLUMNS.business_lunch_participants]: text(values, 'business_lunch_participants'),
    [REVIEW_COLUMNS.settlement_kind]: text(values, 'settlement_kind'),
  }
}
