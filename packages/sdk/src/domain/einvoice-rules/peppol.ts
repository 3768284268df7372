/** Peppol BIS Billing 3.0's own rules (PEPPOL-EN16931-R…), written by us from their published descriptions. */
import { blank } from './amounts'
import type { EInvoiceRuleFacts } from './facts'

/** The Peppol rules this implementation checks, with their flag. */
export const PEPPOL_RULES = {
  'PEPPOL-EN16931-R001': 'fatal', 'PEPPOL-EN16931-R003': 'fatal', 'PEPPOL-EN16931-R004': 'fatal',
  'PEPPOL-EN16931-R007': 'fatal', 'PEPPOL-EN16931-R010': 'fatal', 'PEPPOL-EN16931-R020': 'fatal',
} as const

export type PeppolRuleId = keyof typeof PEPPOL_RULES

/** Peppol BIS Billing 3.0's own rules (PEPPOL-EN16931-R…) that the invoice's facts let us check. */
export function peppolRules(facts: EInvoiceRuleFacts, broken: (id: PeppolRuleId, where: string) => void): void {
  if (blank(facts.business_process)) broken('PEPPOL-EN16931-R001', 'BT-23')
  else if (!/^urn:fdc:peppol\.eu:2017:poacc:billing:\d\d:1\.0$/.test((facts.business_process ?? '').trim())) broken('PEPPOL-EN16931-R007', 'BT-23')
  if (blank(facts.buyer_reference) && blank(facts.order_reference)) broken('PEPPOL-EN16931-R003', 'BT-10')
  if ((facts.specification ?? '').trim() !== 'urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0') broken('PEPPOL-EN16931-R004', 'BT-24')
  if (blank(facts.buyer.endpoint)) broken('PEPPOL-EN16931-R010', 'BT-49')
  if (blank(facts.seller.endpoint)) broken('PEPPOL-EN16931-R020', 'BT-34')
}
