import { canonicalRate, sameDecimal } from '../money'
import type { Candidate, FieldName, TaxLine } from '../types'
import type { GroundTruth } from './corpus'

/** Fields the evaluation scores, in table order. */
export const EVAL_FIELDS: FieldName[] = [
  'invoice_number',
  'issue_date',
  'due_date',
  'currency',
  'total_gross',
  'total_net',
  'total_tax',
  'amount_due',
  'tax_breakdown',
  'seller_name',
  'seller_vat_id',
  'buyer_name',
  'buyer_address',
  'buyer_vat_id',
  'iban',
  'iban_payer_debit',
  'delivery_date',
  'skonto_due_date',
  'skonto_percent',
]

/** Fields with a 95 % target from the visible page (issue 5). */
export const VISIBLE_PAGE_FIELDS: FieldName[] = [
  'invoice_number',
  'issue_date',
  'total_gross',
  'total_net',
  'total_tax',
  'currency',
  'seller_vat_id',
  'iban',
]

const MONEY: FieldName[] = ['total_gross', 'total_net', 'total_tax', 'amount_due', 'skonto_percent']
const COMPACT: FieldName[] = ['seller_vat_id', 'buyer_vat_id', 'iban', 'iban_payer_debit']

/** The truth's value for a field as the engine would state it, or null when the truth does not state it. */
export function truthValue(truth: GroundTruth, field: FieldName): string | TaxLine[] | null {
  const value = truth[field]
  if (value === null || value === undefined || value === '') return null
  if (field === 'tax_breakdown') {
    if (!Array.isArray(value) || value.length === 0) return null
    return (value as Array<Record<string, unknown>>).map((line) => ({
      rate: canonicalRate(String(line.rate ?? '0')) ?? '0',
      basis: line.basis === null || line.basis === undefined ? null : String(line.basis),
      tax: line.tax === null || line.tax === undefined ? null : String(line.tax),
    }))
  }
  return String(value)
}

/**
 * An invoice number without the number sign that introduces it: "Invoice No : # BLR_1" prints the number
 * BLR_1, and a truth that kept the sign ("#BLR_1") means the same number.
 */
function invoiceNumberKey(value: string): string {
  return value.replace(/^\s*#\s*/, '')
}

function sameText(a: string, b: string): boolean {
  return a.replace(/\s+/g, ' ').trim() === b.replace(/\s+/g, ' ').trim()
}

// A party's name in an e-invoice's XML may carry lines the page prints apart (an identifier, a salutation) or leave out
// the legal form the page prints after it.
const NOT_NAME_LINE = /^(GLN|ILN|Lief-?Nr|Kunden-?Nr|Herrn?|Frau|Mr\.?|Mrs\.?|Ms\.?)(?!\p{L})/iu
const LEGAL_FORM_END = /[\s,]+(GmbH|AG|KG|OG|SARL|SAS|S\.A\.|B\.V\.|Inc\.?|Ltd\.?|LLC|e\.U\.|a\.G\.)$/iu
const nameText = (text: string) => text.replace(/\s+/g, ' ').trim().replace(LEGAL_FORM_END, '').toLowerCase()

/**
 * Whether a name read from the page is the truth's: the same, but for a legal form after it and the truth's lines that
 * are not the name (a GLN, "Lief-Nr", "Herrn"); of a name the XML spreads over lines ("MVM Musterhafter" over
 * "Versicherungsverein Musterstadt a.G."), one whole line is the name as a letterhead prints it.
 */
function sameName(expected: string, actual: string): boolean {
  const lines = expected.split('\n').filter((line) => !NOT_NAME_LINE.test(line.trim()))
  return nameText(lines.join(' ')) === nameText(actual) || (lines.length > 1 && lines.some((line) => nameText(line) === nameText(actual)))
}

function sameNullableDecimal(a: string | null, b: string | null): boolean {
  if (a === null || b === null) return a === b
  return sameDecimal(a, b)
}

function sameTaxLines(expected: TaxLine[], actual: TaxLine[]): boolean {
  if (expected.length !== actual.length) return false
  const key = (line: TaxLine) => canonicalRate(line.rate) ?? line.rate
  const remaining = [...actual]
  return expected.every((line) => {
    const index = remaining.findIndex(
      (other) =>
        key(other) === key(line) && sameNullableDecimal(other.basis, line.basis) && sameNullableDecimal(other.tax, line.tax),
    )
    if (index < 0) return false
    remaining.splice(index, 1)
    return true
  })
}

/** Whether an extracted value matches the truth exactly (after normalising number and id formats). */
export function matches(field: FieldName, expected: string | TaxLine[], actual: Candidate | undefined): boolean {
  if (!actual) return false
  if (field === 'tax_breakdown') return Array.isArray(actual.value) && sameTaxLines(expected as TaxLine[], actual.value)
  if (typeof actual.value !== 'string' || typeof expected !== 'string') return false
  if (MONEY.includes(field)) return sameDecimal(expected, actual.value)
  if (COMPACT.includes(field)) return expected.replace(/\s+/g, '').toUpperCase() === actual.value.replace(/\s+/g, '').toUpperCase()
  if (field === 'invoice_number') return sameText(invoiceNumberKey(expected), invoiceNumberKey(actual.value))
  if (field === 'seller_name' || field === 'buyer_name') return sameName(expected, actual.value)
  return sameText(expected, actual.value)
}
