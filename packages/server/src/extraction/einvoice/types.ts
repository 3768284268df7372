import type { EInvoiceLine } from '@portal/sdk/domain'
import type { TaxLine } from '../types'

/** Fields read from a structured e-invoice; money and rates as exact decimal strings, dates as YYYY-MM-DD. */
export interface EInvoiceData {
  syntax: 'CII' | 'UBL' | 'ebInterface'
  /**
   * Which specification the file follows: the ebInterface version ("6.1"); for CII and UBL the specification
   * identifier (BT-24: GuidelineSpecifiedDocumentContextParameter / CustomizationID), which names the profile.
   */
  version: string | null
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
  /** The seller's postal address on one line. */
  seller_address: string | null
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
  /** Amount already paid (BT-113, ebInterface PrepaidAmount). */
  prepaid: string | null
  /** The remittance information the payment should carry (BT-83). */
  payment_reference: string | null
  /** The payment terms as text (BT-20). */
  payment_terms: string | null
  /** The invoice lines, for the rendered page. */
  lines: EInvoiceLine[]
  /** What only the business rules look at (UBL and CII; empty for ebInterface). */
  rules: EInvoiceRuleDetails
}

/** A party's address parts and identifiers the business rules ask for. */
export interface EInvoiceRuleAddress {
  country: string | null
  city: string | null
  postcode: string | null
}

/** Values read for the EN 16931 and XRechnung business rules only. */
export interface EInvoiceRuleDetails {
  /** Buyer reference (BT-10). */
  buyer_reference: string | null
  /** Purchase order reference (BT-13) and business process (BT-23). */
  order_reference: string | null
  business_process: string | null
  /** Electronic addresses of seller (BT-34) and buyer (BT-49). */
  seller_endpoint: string | null
  buyer_endpoint: string | null
  /** Seller identifier (BT-29) or legal registration identifier (BT-30). */
  seller_identifier: string | null
  /** Seller tax registration identifier (BT-32) and the seller's tax representative's VAT id (BT-63). */
  seller_tax_registration: string | null
  seller_tax_representative_vat_id: string | null
  /** Buyer legal registration identifier (BT-47). */
  buyer_identifier: string | null
  seller: EInvoiceRuleAddress
  buyer: EInvoiceRuleAddress
  /** Seller contact (BG-6), null when absent. */
  seller_contact: { name: string | null; phone: string | null; email: string | null } | null
  /** VAT category code (BT-151) of each line, in the order of lines. */
  line_categories: Array<string | null>
  /** Exemption reason text or code (BT-120/121) of each VAT breakdown line, in the order of tax_breakdown. */
  tax_exemptions: Array<string | null>
  /** Document level allowances (charge false) and charges (BG-20, BG-21). */
  allowances_charges: Array<{ charge: boolean; amount: string | null; category: string | null; rate: string | null }>
  /** BT-106, BT-107, BT-108, BT-114. */
  line_total: string | null
  allowance_total: string | null
  charge_total: string | null
  rounding: string | null
  /** XRechnung extension: the third party payments (BG-DEX-09) the amount due includes, summed. */
  third_party: string | null
  /** For the code list rules: VAT accounting currency (BT-6), every currencyID an amount names, the deliver-to
   * country (BT-80), each line's item country of origin (BT-159) and each breakdown line's exemption code (BT-121). */
  tax_currency: string | null
  amount_currencies: string[]
  delivery_country: string | null
  line_origin_countries: Array<string | null>
  tax_exemption_codes: Array<string | null>
  /** For CEN's syntax rules (UBL-SR-…, CII-SR-…): what each counts, per place (syntax-counts.ts). */
  syntax_counts: Record<string, number[]>
}

/** An EInvoiceData with every field empty, for parsers to fill. */
export function emptyEInvoice(syntax: EInvoiceData['syntax']): EInvoiceData {
  return {
    syntax,
    version: null,
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
    seller_address: null,
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
    prepaid: null,
    payment_reference: null,
    payment_terms: null,
    lines: [],
    rules: {
      buyer_reference: null,
      order_reference: null,
      business_process: null,
      seller_endpoint: null,
      buyer_endpoint: null,
      seller_identifier: null,
      seller_tax_registration: null,
      seller_tax_representative_vat_id: null,
      buyer_identifier: null,
      seller: { country: null, city: null, postcode: null },
      buyer: { country: null, city: null, postcode: null },
      seller_contact: null,
      line_categories: [],
      tax_exemptions: [],
      allowances_charges: [],
      line_total: null,
      allowance_total: null,
      charge_total: null,
      rounding: null,
      third_party: null,
      tax_currency: null,
      amount_currencies: [],
      delivery_country: null,
      line_origin_countries: [],
      tax_exemption_codes: [],
      syntax_counts: {},
    },
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
