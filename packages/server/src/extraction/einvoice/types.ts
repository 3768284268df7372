import type { TaxLine } from '../types'

/** Fields read from a structured e-invoice; money and rates as exact decimal strings, dates as YYYY-MM-DD. */
export interface EInvoiceData {
  syntax: 'CII' | 'UBL' | 'ebInterface'
  invoice_number: string | null
  document_type_code: string | null
  issue_date: string | null
  due_date: string | null
  currency: string | null
  total_gross: string | null
  total_net: string | null
  total_tax: string | null
  amount_due: string | null
  tax_breakdown: TaxLine[]
  seller_name: string | null
  seller_vat_id: string | null
  buyer_name: string | null
  /** The buyer's postal address on one line: street lines, then postcode and town ("Hauptplatz 3, 8010 Graz"). */
  buyer_address: string | null
  buyer_vat_id: string | null
  /** First payee account. */
  iban: string | null
  ibans_payee: string[]
  bic: string | null
  /** Buyer's account for a SEPA direct debit. */
  iban_payer_debit: string | null
  delivery_date: string | null
  service_period_start: string | null
  service_period_end: string | null
  payment_means_codes: string[]
  skonto_due_date: string | null
  /** The Skonto rate in percent ("2.5"), when the terms grant one. */
  skonto_percent: string | null
}

/** An EInvoiceData with every field empty, for parsers to fill. */
export function emptyEInvoice(syntax: EInvoiceData['syntax']): EInvoiceData {
  return {
    syntax,
    invoice_number: null,
    document_type_code: null,
    issue_date: null,
    due_date: null,
    currency: null,
    total_gross: null,
    total_net: null,
    total_tax: null,
    amount_due: null,
    tax_breakdown: [],
    seller_name: null,
    seller_vat_id: null,
    buyer_name: null,
    buyer_address: null,
    buyer_vat_id: null,
    iban: null,
    ibans_payee: [],
    bic: null,
    iban_payer_debit: null,
    delivery_date: null,
    service_period_start: null,
    service_period_end: null,
    payment_means_codes: [],
    skonto_due_date: null,
    skonto_percent: null,
  }
}

/** Normalises an IBAN: spaces removed, upper case. */
export function compactIban(value: string | null): string | null {
  if (!value) return null
  const compact = value.replace(/\s+/g, '').toUpperCase()
  return compact === '' ? null : compact
}

/** A postal address on one line as the review shows it: the street lines, then postcode and town; null when empty. */
export function oneLineAddress(streetLines: Array<string | null>, postcode: string | null, town: string | null): string | null {
  const place = [postcode, town].filter((part) => !!part?.trim()).join(' ')
  const parts = [...streetLines, place].map((part) => part?.trim().replace(/\s+/g, ' ') ?? '').filter(Boolean)
  return parts.length > 0 ? parts.join(', ') : null
}
