/** KoSIT's common national rules of XRechnung 3.0 (BR-DE-…), written by us from their published descriptions. */
import { blank } from './amounts'
import { CREDIT_TRANSFER } from './en16931'
import type { EInvoiceRuleFacts } from './facts'

/** The XRechnung rules this implementation checks, with their flag. */
export const XRECHNUNG_RULES = {
  'BR-DE-1': 'fatal', 'BR-DE-2': 'fatal', 'BR-DE-3': 'fatal', 'BR-DE-4': 'fatal', 'BR-DE-5': 'fatal',
  'BR-DE-6': 'fatal', 'BR-DE-7': 'fatal', 'BR-DE-8': 'fatal', 'BR-DE-9': 'fatal', 'BR-DE-15': 'fatal', 'BR-DE-16': 'fatal',
  'BR-DE-17': 'warning', 'BR-DE-21': 'warning', 'BR-DE-23-a': 'fatal',
} as const

export type XRechnungRuleId = keyof typeof XRECHNUNG_RULES

/** UNTDID 1001 codes XRechnung accepts (BR-DE-17). */
const XRECHNUNG_TYPE_CODES = new Set(['326', '380', '384', '389', '381', '875', '876', '877'])

/** KoSIT's common XRechnung rules (BR-DE-…). */
export function xrechnungRules(facts: EInvoiceRuleFacts, broken: (id: XRechnungRuleId, where: string) => void): void {
  if (facts.payment_means_codes.length === 0) broken('BR-DE-1', 'BG-16')
  if (!facts.seller_contact) broken('BR-DE-2', 'BG-6')
  else {
    if (blank(facts.seller_contact.name)) broken('BR-DE-5', 'BT-41')
    if (blank(facts.seller_contact.phone)) broken('BR-DE-6', 'BT-42')
    if (blank(facts.seller_contact.email)) broken('BR-DE-7', 'BT-43')
  }
  if (blank(facts.seller.city)) broken('BR-DE-3', 'BT-37')
  if (blank(facts.seller.postcode)) broken('BR-DE-4', 'BT-38')
  if (blank(facts.buyer.city)) broken('BR-DE-8', 'BT-52')
  if (blank(facts.buyer.postcode)) broken('BR-DE-9', 'BT-53')
  if (blank(facts.buyer_reference)) broken('BR-DE-15', 'BT-10')
  const taxed = ['S', 'Z', 'E', 'AE', 'K', 'G', 'L', 'M']
  const usesTaxed = [...facts.lines, ...facts.allowances_charges].some((entry) => entry.category !== null && taxed.includes(entry.category))
  const { seller } = facts
  if (usesTaxed && blank(seller.vat_id) && blank(seller.tax_registration) && blank(seller.tax_representative_vat_id)) broken('BR-DE-16', 'BT-31')
  if (facts.type_code && !XRECHNUNG_TYPE_CODES.has(facts.type_code)) broken('BR-DE-17', 'BT-3')
  if (!/xeinkauf\.de:kosit:xrechnung_3\.0/.test(facts.specification ?? '')) broken('BR-DE-21', 'BT-24')
  const transfer = facts.payment_means_codes.some((code) => CREDIT_TRANSFER.has(code))
  if (transfer && facts.payment_accounts.length === 0) broken('BR-DE-23-a', 'BG-17')
}
