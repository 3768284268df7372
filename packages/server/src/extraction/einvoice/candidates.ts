import { SOURCE_EINVOICE_XML } from '../sources'
import type { Candidate, FieldName } from '../types'
import type { EInvoiceData } from './types'

const SCALAR_FIELDS: FieldName[] = [
  'invoice_number',
  'document_type_code',
  'issue_date',
  'due_date',
  'currency',
  'total_gross',
  'total_net',
  'total_tax',
  'amount_due',
  'seller_name',
  'seller_vat_id',
  'buyer_name',
  'buyer_address',
  'buyer_vat_id',
  'iban',
  'bic',
  'iban_payer_debit',
  'delivery_date',
  'service_period_start',
  'service_period_end',
  'skonto_due_date',
  'skonto_percent',
]

/** Payment means codes of UNTDID 4461 that map to the portal's payment methods. */
const PAYMENT_METHODS: Record<string, string> = {
  '10': 'paid_cash',
  '48': 'credit_card',
  '54': 'credit_card',
  '59': 'sepa_direct_debit',
  '49': 'sepa_direct_debit',
  '30': 'bank_transfer',
  '31': 'bank_transfer',
  '42': 'bank_transfer',
  '58': 'bank_transfer',
}

/** Turns e-invoice data into candidates: exact values, confidence 1, no page position. */
export function eInvoiceCandidates(data: EInvoiceData): Candidate[] {
  const make = (field: FieldName, value: Candidate['value']): Candidate => ({
    field,
    value,
    source: SOURCE_EINVOICE_XML,
    confidence: 1,
    page: null,
    box: null,
  })
  const candidates: Candidate[] = []
  for (const field of SCALAR_FIELDS) {
    const value = data[field as keyof EInvoiceData]
    if (typeof value === 'string' && value !== '') candidates.push(make(field, value))
  }
  if (data.tax_breakdown.length > 0) candidates.push(make('tax_breakdown', data.tax_breakdown))
  const method = data.payment_means_codes.map((code) => PAYMENT_METHODS[code]).find((m) => !!m)
  if (method) candidates.push(make('payment_method', method))
  if (data.tax_breakdown.some((line) => line.category === 'AE')) candidates.push(make('reverse_charge', 'true'))
  return candidates
}
