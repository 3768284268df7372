import {
  checkEInvoiceRules,
  einvoiceProfile,
  EInvoiceValidationStatus,
  type EInvoiceRuleFacts,
  type EInvoiceValidation,
} from '@portal/sdk/domain'
import { NAMESPACES } from '@portal/sdk/i18n'
import { readXmlRoot } from '../detect'
import { checkEInvoiceSchema } from './schema/check-schema'
import type { EInvoiceData } from './types'

/** The rules' English texts, stored with each broken rule (the screen shows the user's language by id). */
const RULE_TEXTS: Record<string, string> = NAMESPACES.documents.en.einvoice.rules

/** What the business rules look at, from the fields the UBL and CII readers took from the XML. */
export function ruleFactsOf(data: EInvoiceData): EInvoiceRuleFacts {
  const { rules } = data
  return {
    specification: data.version,
    invoice_number: data.invoice_number,
    issue_date: data.issue_date,
    due_date: data.due_date,
    payment_terms: data.payment_terms,
    type_code: data.document_type_code,
    currency: data.currency,
    tax_currency: rules.tax_currency,
    amount_currencies: rules.amount_currencies,
    delivery_country: rules.delivery_country,
    buyer_reference: rules.buyer_reference,
    order_reference: rules.order_reference,
    business_process: rules.business_process,
    seller: {
      name: data.seller_name,
      vat_id: data.seller_vat_id,
      identifier: rules.seller_identifier,
      tax_registration: rules.seller_tax_registration,
      tax_representative_vat_id: rules.seller_tax_representative_vat_id,
      endpoint: rules.seller_endpoint,
      ...rules.seller,
    },
    buyer: { name: data.buyer_name, vat_id: data.buyer_vat_id, identifier: rules.buyer_identifier, tax_registration: null, tax_representative_vat_id: null, endpoint: rules.buyer_endpoint, ...rules.buyer },
    seller_contact: rules.seller_contact,
    lines: data.lines.map((line, index) => ({
      net: line.net,
      quantity: line.quantity,
      unit: line.unit,
      name: line.description,
      price: line.unit_price,
      category: rules.line_categories[index] ?? null,
      rate: line.tax_rate,
      origin_country: rules.line_origin_countries[index] ?? null,
    })),
    allowances_charges: rules.allowances_charges,
    totals: {
      lines: rules.line_total,
      allowances: rules.allowance_total,
      charges: rules.charge_total,
      net: data.total_net,
      tax: data.total_tax,
      gross: data.total_gross,
      prepaid: data.prepaid,
      rounding: rules.rounding,
      due: data.amount_due,
      third_party: rules.third_party,
    },
    tax_breakdown: data.tax_breakdown.map((line, index) => ({
      category: line.category ?? null,
      rate: line.rate,
      basis: line.basis,
      tax: line.tax,
      exemption: rules.tax_exemptions[index] ?? null,
      exemption_code: rules.tax_exemption_codes[index] ?? null,
    })),
    payment_means_codes: data.payment_means_codes,
    payment_accounts: data.ibans_payee,
    syntax_counts: rules.syntax_counts,
  }
}

/**
 * Checks an e-invoice against the business rules that apply to its profile (our implementation of the EN 16931
 * rules for every EN 16931 invoice, and of the common XRechnung rules for XRechnung; see checkEInvoiceRules).
 * MINIMUM and BASIC WL are said to be no invoice; ebInterface and other specifications are not checked.
 */
export function validateEInvoice(data: EInvoiceData, now: () => number = () => performance.now()): EInvoiceValidation {
  const started = now()
  const ebInterface = data.syntax === 'ebInterface'
  const profile = ebInterface ? { name: `ebInterface ${data.version ?? ''}`.trim(), ruleSets: [], invoice: true } : einvoiceProfile(data.version)
  const base = { specification: data.version, profile: profile.name, ruleSets: profile.ruleSets, violations: [] }
  if (!profile.invoice) return { ...base, status: EInvoiceValidationStatus.notAnInvoice, millis: 0 }
  if (profile.ruleSets.length === 0) return { ...base, status: EInvoiceValidationStatus.notChecked, millis: 0 }
  const violations = checkEInvoiceRules(ruleFactsOf(data), profile.ruleSets, RULE_TEXTS)
  const status = violations.some((v) => v.flag === 'fatal') ? EInvoiceValidationStatus.invalid : EInvoiceValidationStatus.valid
  return { ...base, status, violations, millis: Math.round((now() - started) * 1000) / 1000 }
}

/**
 * The whole check of an e-invoice: its XML against our subset schema of its syntax (UBL 2.1, CII D16B, ebInterface
 * 3.0-6.1; schema/), then the business rules (validateEInvoice). A schema error makes the invoice invalid; an
 * ebInterface invoice, for which no business rule set applies, is valid when it keeps its schema.
 */
export async function checkEInvoice(data: EInvoiceData, xml: Uint8Array, now: () => number = () => performance.now()): Promise<EInvoiceValidation> {
  // `millis` stays the business rules' time (what the screen shows beside the rule sets); the schema check's time
  // depends on the machine's load and is measured by scripts/einvoice-survey.ts, not stored.
  const rules = validateEInvoice(data, now)
  const root = readXmlRoot(xml)
  const schema = root ? await checkEInvoiceSchema(xml, root) : null
  if (!schema) return { ...rules, schema: null }
  let { status } = rules
  if (!schema.valid && status !== EInvoiceValidationStatus.notAnInvoice) status = EInvoiceValidationStatus.invalid
  else if (schema.valid && status === EInvoiceValidationStatus.notChecked && data.syntax === 'ebInterface') status = EInvoiceValidationStatus.valid
  return { ...rules, status, schema }
}
