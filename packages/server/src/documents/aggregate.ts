import type { Candidate, FieldName } from '../extraction/types'

type Values = Partial<Record<FieldName, Candidate>>

const text = (values: Values, field: FieldName): string | null => {
  const value = values[field]?.value
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null
}

const normalizeId = (value: string | null | undefined): string =>
  (value ?? '').replace(/[\s.-]/g, '').toUpperCase()

const PAYMENT_METHODS: Record<string, string> = {
  bank_transfer: 'bank_transaction',
  bank_transaction: 'bank_transaction',
  sepa_direct_debit: 'sepa_direct_debit',
  direct_debit: 'sepa_direct_debit',
  cash: 'cash',
  paid_cash: 'cash',
  credit_card: 'credit_card',
}

/**
 * Incoming (ER) or outgoing (AR): the client company is the buyer of an incoming invoice and the seller of
 * an outgoing one, recognised by VAT id, then IBAN, then name. Without a clear sign the current type stays.
 */
export function decideDocumentType(
  values: Values,
  company: { vat_id?: string | null; iban?: string | null; company_name?: string | null } | undefined,
  current: string,
): string {
  if (!company || (current !== 'ER' && current !== 'AR')) return current
  const vat = normalizeId(company.vat_id)
  if (vat) {
    if (normalizeId(text(values, 'seller_vat_id')) === vat) return 'AR'
    if (normalizeId(text(values, 'buyer_vat_id')) === vat) return 'ER'
  }
  const iban = normalizeId(company.iban)
  if (iban && normalizeId(text(values, 'iban')) === iban) return 'AR'
  const name = (company.company_name ?? '').toLowerCase()
  if (name) {
    if ((text(values, 'seller_name') ?? '').toLowerCase() === name) return 'AR'
    if ((text(values, 'buyer_name') ?? '').toLowerCase() === name) return 'ER'
  }
  return current
}

/** The documents columns the current values fill; the other party's VAT id goes to `vat_id`. */
export function documentColumnsFrom(values: Values, type: string): Record<string, string | boolean | null> {
  const sellerVat = text(values, 'seller_vat_id')
  const buyerVat = text(values, 'buyer_vat_id')
  const method = text(values, 'payment_method')
  return {
    invoice_number: text(values, 'invoice_number'),
    invoice_date: text(values, 'issue_date'),
    due_date: text(values, 'due_date'),
    discount_due_date: text(values, 'skonto_due_date'),
    total_gross: text(values, 'total_gross'),
    total_net: text(values, 'total_net'),
    tax_amount: text(values, 'total_tax'),
    currency: (text(values, 'currency') ?? 'EUR').slice(0, 3).toUpperCase(),
    seller_vat_id: sellerVat,
    buyer_vat_id: buyerVat,
    vat_id: type === 'AR' ? buyerVat : sellerVat,
    iban: text(values, 'iban'),
    register_no: text(values, 'company_register_number'),
    payment_method: method ? (PAYMENT_METHODS[method] ?? null) : null,
    accrual_start: text(values, 'service_period_start'),
    accrual_end: text(values, 'service_period_end'),
    small_business: text(values, 'small_business') === 'true',
  }
}

/**
 * One invoice per PDF (SPEC §1): when confident invoice numbers on different pages differ, suggest page
 * ranges starting where each new number first appears. Null when the file looks like one invoice.
 */
export function suggestSplit(candidates: Candidate[], pages: number): { from: number; to: number }[] | null {
  if (pages < 2) return null
  const firstPageOf = new Map<string, number>()
  for (const c of candidates) {
    if (c.field !== 'invoice_number' || c.page === null || c.confidence < 0.6 || typeof c.value !== 'string') continue
    const seen = firstPageOf.get(c.value)
    if (seen === undefined || c.page < seen) firstPageOf.set(c.value, c.page)
  }
  const starts = [...new Set(firstPageOf.values())].sort((a, b) => a - b)
  if (starts.length < 2) return null
  if (starts[0] !== 1) starts.unshift(1)
  return starts.map((from, i) => ({ from, to: i + 1 < starts.length ? starts[i + 1] - 1 : pages }))
}
