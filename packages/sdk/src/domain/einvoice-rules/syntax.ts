/**
 * CEN's syntax binding rules of EN 16931 that are cheap to check and commonly broken (UBL-SR-… for UBL, CII-SR-…
 * for CII), written by us from their published descriptions (rule id, flag and meaning) as data: where the rule
 * looks (its context, a path of local names from the document element), what it counts there, and the bounds. The
 * server's readers count each path in the XML (EInvoiceRuleFacts.syntax_counts); this file only compares.
 */
import type { EInvoiceRuleFacts } from './facts'

/** One syntax rule: the places it looks at, what it counts in each, and the bounds it holds. */
export interface EInvoiceSyntaxRule {
  syntax: 'UBL' | 'CII'
  flag: 'fatal' | 'warning'
  /** From the document element to each place the rule looks at; `A|B` is either element. Empty: the document. */
  context: readonly string[]
  /** From a place to the elements counted. */
  path: readonly string[]
  /** Count distinct texts rather than elements (UBL-SR-47: payment means codes may repeat, but all alike). */
  distinct?: boolean
  min?: number
  max?: number
  /** The business term or group the rule names, for the violation's place. */
  where: string
  /** The places are the invoice lines: a violation names its line (BG-25[n]). */
  line?: boolean
}

const LINE = { context: ['InvoiceLine|CreditNoteLine'], line: true } as const
const CII_LINE = { context: ['SupplyChainTradeTransaction', 'IncludedSupplyChainTradeLineItem'], line: true } as const

/** The syntax rules this implementation checks. */
export const SYNTAX_RULE_DEFINITIONS = {
  'UBL-SR-05': { syntax: 'UBL', flag: 'fatal', context: [], path: ['PaymentTerms', 'Note'], max: 1, where: 'BT-20' },
  'UBL-SR-08': { syntax: 'UBL', flag: 'fatal', context: [], path: ['InvoicePeriod'], max: 1, where: 'BG-14' },
  'UBL-SR-09': { syntax: 'UBL', flag: 'fatal', context: [], path: ['AccountingSupplierParty', 'Party', 'PartyLegalEntity', 'RegistrationName'], max: 1, where: 'BT-27' },
  'UBL-SR-15': { syntax: 'UBL', flag: 'fatal', context: [], path: ['AccountingCustomerParty', 'Party', 'PartyLegalEntity', 'RegistrationName'], max: 1, where: 'BT-44' },
  'UBL-SR-24': { syntax: 'UBL', flag: 'fatal', context: [], path: ['Delivery'], max: 1, where: 'BG-13' },
  'UBL-SR-45': { syntax: 'UBL', flag: 'fatal', context: [], path: ['PaymentMeans', 'PaymentDueDate'], max: 1, where: 'BT-9' },
  'UBL-SR-47': { syntax: 'UBL', flag: 'fatal', context: [], path: ['PaymentMeans', 'PaymentMeansCode'], distinct: true, max: 1, where: 'BT-81' },
  'UBL-SR-34': { syntax: 'UBL', flag: 'fatal', ...LINE, path: ['Note'], max: 1, where: 'BT-127' },
  'UBL-SR-48': { syntax: 'UBL', flag: 'fatal', ...LINE, path: ['Item', 'ClassifiedTaxCategory'], min: 1, max: 1, where: 'BG-30' },
  'UBL-SR-50': { syntax: 'UBL', flag: 'fatal', ...LINE, path: ['Item', 'Description'], max: 1, where: 'BT-154' },
  'CII-SR-003': { syntax: 'CII', flag: 'warning', context: ['ExchangedDocumentContext'], path: ['BusinessProcessSpecifiedDocumentContextParameter'], max: 1, where: 'BT-23' },
  'CII-SR-009': { syntax: 'CII', flag: 'fatal', context: ['ExchangedDocumentContext'], path: ['GuidelineSpecifiedDocumentContextParameter'], min: 1, max: 1, where: 'BG-2' },
  'CII-SR-010': { syntax: 'CII', flag: 'fatal', context: ['ExchangedDocumentContext'], path: ['GuidelineSpecifiedDocumentContextParameter', 'ID'], min: 1, max: 1, where: 'BT-24' },
  'CII-SR-221': { syntax: 'CII', flag: 'warning', ...CII_LINE, path: ['IncludedSubordinateTradeLineItem'], max: 0, where: 'IncludedSubordinateTradeLineItem' },
} as const satisfies Record<string, EInvoiceSyntaxRule>

export type SyntaxRuleId = keyof typeof SYNTAX_RULE_DEFINITIONS

/** The syntax rules with their flag, as the other rule sets list theirs. */
export const SYNTAX_RULES = Object.fromEntries(Object.entries(SYNTAX_RULE_DEFINITIONS).map(([id, rule]) => [id, rule.flag])) as {
  [Id in SyntaxRuleId]: (typeof SYNTAX_RULE_DEFINITIONS)[Id]['flag']
}

/** The rules of one syntax, for the reader that counts their paths. */
export function syntaxRulesOf(syntax: 'UBL' | 'CII'): Array<[SyntaxRuleId, EInvoiceSyntaxRule]> {
  return (Object.entries(SYNTAX_RULE_DEFINITIONS) as Array<[SyntaxRuleId, EInvoiceSyntaxRule]>).filter(([, rule]) => rule.syntax === syntax)
}

/**
 * The syntax rules whose counts the reader took (facts.syntax_counts: per rule, one count per place in document
 * order); a count outside the rule's bounds breaks it at that place (a line: BG-25[n]).
 */
export function syntaxRules(facts: EInvoiceRuleFacts, broken: (id: SyntaxRuleId, where: string) => void): void {
  const counts = facts.syntax_counts ?? {}
  for (const [id, places] of Object.entries(counts) as Array<[string, number[] | undefined]>) {
    const rule: EInvoiceSyntaxRule | undefined = SYNTAX_RULE_DEFINITIONS[id as SyntaxRuleId]
    if (!rule || !places) continue
    places.forEach((count, index) => {
      if ((rule.min !== undefined && count < rule.min) || (rule.max !== undefined && count > rule.max)) {
        broken(id as SyntaxRuleId, rule.line ? `BG-25[${index + 1}]/${rule.where}` : rule.where)
      }
    })
  }
}
