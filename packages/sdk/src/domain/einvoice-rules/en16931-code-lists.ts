/**
 * EN 16931's code list rules (BR-CL-…) that the portal checks without any list from outside it (code-lists.ts): a code
 * that is given must be one of its list; a missing code is the business rules' concern (BR-04, BR-05, …).
 */
import {
  isCountryCode,
  isCurrencyCode,
  isDocumentTypeCode,
  isPaymentMeansCode,
  isUnitCode,
  isVatCategoryCode,
  isVatexCode,
} from './code-lists'
import type { EInvoiceRuleFacts } from './facts'

/** The code list rules this implementation checks, with their flag. */
export const EN16931_CODE_LIST_RULES = {
  'BR-CL-01': 'fatal', 'BR-CL-03': 'fatal', 'BR-CL-04': 'fatal', 'BR-CL-05': 'fatal', 'BR-CL-14': 'fatal', 'BR-CL-15': 'fatal',
  'BR-CL-16': 'fatal', 'BR-CL-17': 'fatal', 'BR-CL-18': 'fatal', 'BR-CL-22': 'fatal', 'BR-CL-23': 'fatal',
} as const

export type CodeListRuleId = keyof typeof EN16931_CODE_LIST_RULES

/** Whether a code is absent (nothing to check) or valid by `valid`. */
const fine = (code: string | null | undefined, valid: (code: string) => boolean) => code === null || code === undefined || code.trim() === '' || valid(code)

export function codeListRules(facts: EInvoiceRuleFacts, broken: (id: CodeListRuleId, where: string) => void): void {
  if (!fine(facts.type_code, isDocumentTypeCode)) broken('BR-CL-01', 'BT-3')
  if ((facts.amount_currencies ?? []).some((code) => !fine(code, isCurrencyCode))) broken('BR-CL-03', 'BT-5/@currencyID')
  if (!fine(facts.currency, isCurrencyCode)) broken('BR-CL-04', 'BT-5')
  if (!fine(facts.tax_currency, isCurrencyCode)) broken('BR-CL-05', 'BT-6')
  const countries: Array<[string | null | undefined, string]> = [
    [facts.seller.country, 'BT-40'],
    [facts.buyer.country, 'BT-55'],
    [facts.delivery_country, 'BT-80'],
  ]
  for (const [code, where] of countries) if (!fine(code, isCountryCode)) broken('BR-CL-14', where)
  facts.lines.forEach((line, index) => {
    const where = `BG-25[${index + 1}]`
    if (!fine(line.origin_country, isCountryCode)) broken('BR-CL-15', `${where}/BT-159`)
    if (!fine(line.category, isVatCategoryCode)) broken('BR-CL-18', `${where}/BT-151`)
    if (!fine(line.unit, isUnitCode)) broken('BR-CL-23', `${where}/BT-130`)
  })
  facts.payment_means_codes.forEach((code, index) => {
    if (!fine(code, isPaymentMeansCode)) broken('BR-CL-16', `BG-16[${index + 1}]/BT-81`)
  })
  // BR-CL-17 is the category of every tax category but the lines' (UBL's cac:TaxCategory): breakdown, allowances, charges.
  facts.tax_breakdown.forEach((tax, index) => {
    if (!fine(tax.category, isVatCategoryCode)) broken('BR-CL-17', `BG-23[${index + 1}]/BT-118`)
    if (!fine(tax.exemption_code, isVatexCode)) broken('BR-CL-22', `BG-23[${index + 1}]/BT-121`)
  })
  facts.allowances_charges.forEach((entry, index) => {
    const where = entry.charge ? `BG-21[${index + 1}]/BT-102` : `BG-20[${index + 1}]/BT-95`
    if (!fine(entry.category, isVatCategoryCode)) broken('BR-CL-17', where)
  })
}
