/**
 * The business rules of e-invoices, written by us from their published descriptions (rule id and meaning) over the
 * fields an e-invoice reader takes from the XML — no copy of the official validation artefacts. One file per rule set:
 * EN 16931-1 (einvoice-rules/en16931.ts, its code list rules en16931-code-lists.ts, CEN's syntax rules UBL-SR/CII-SR
 * syntax.ts), XRechnung's BR-DE-… (xrechnung.ts), Peppol BIS Billing 3.0 (peppol.ts);
 * see docs/documents.md for the list.
 */
import { EInvoiceRuleSet, type EInvoiceRuleViolation } from './einvoice'
import { EN16931_RULES, en16931Rules } from './einvoice-rules/en16931'
import { codeListRules, EN16931_CODE_LIST_RULES } from './einvoice-rules/en16931-code-lists'
import type { EInvoiceRuleFacts } from './einvoice-rules/facts'
import { PEPPOL_RULES, peppolRules } from './einvoice-rules/peppol'
import { SYNTAX_RULES, syntaxRules } from './einvoice-rules/syntax'
import { XRECHNUNG_RULES, xrechnungRules } from './einvoice-rules/xrechnung'

export type * from './einvoice-rules/facts'
export { syntaxRulesOf, type EInvoiceSyntaxRule } from './einvoice-rules/syntax'

/** Every rule this implementation checks, with its flag. */
export const EINVOICE_RULES = { ...EN16931_RULES, ...EN16931_CODE_LIST_RULES, ...SYNTAX_RULES, ...XRECHNUNG_RULES, ...PEPPOL_RULES } as const satisfies Record<string, EInvoiceRuleViolation['flag']>

/** The id of a rule this implementation checks. */
export type EInvoiceRuleId = keyof typeof EINVOICE_RULES

/** How many places of a broken rule are named; the count says how many there are. */
const MAX_PLACES = 3

/**
 * Checks the facts of an e-invoice against the rules of the given rule sets; each broken rule once per place, with
 * its flag and its English text (the screen shows the user's language from the SDK's i18n under the same id).
 */
export function checkEInvoiceRules(facts: EInvoiceRuleFacts, ruleSets: EInvoiceRuleSet[], texts: Record<string, string>): EInvoiceRuleViolation[] {
  // Each rule once, with how often it breaks and its first places: a hostile file of 100,000 lines would otherwise
  // store a result per line.
  const byId = new Map<string, EInvoiceRuleViolation>()
  const violations: EInvoiceRuleViolation[] = []
  const collect = (ruleSet: EInvoiceRuleSet) => (id: EInvoiceRuleId, location: string) => {
    const seen = byId.get(id)
    if (!seen) {
      const violation = { id, flag: EINVOICE_RULES[id], ruleSet, text: texts[id] ?? id, location, count: 1 }
      byId.set(id, violation)
      violations.push(violation)
      return
    }
    seen.count += 1
    if (seen.count <= MAX_PLACES) seen.location = `${seen.location}, ${location}`
    else if (seen.count === MAX_PLACES + 1) seen.location = `${seen.location}, …`
  }
  if (ruleSets.includes(EInvoiceRuleSet.en16931)) {
    en16931Rules(facts, collect(EInvoiceRuleSet.en16931))
    codeListRules(facts, collect(EInvoiceRuleSet.en16931))
    syntaxRules(facts, collect(EInvoiceRuleSet.en16931))
  }
  if (ruleSets.includes(EInvoiceRuleSet.xrechnung)) xrechnungRules(facts, collect(EInvoiceRuleSet.xrechnung))
  if (ruleSets.includes(EInvoiceRuleSet.peppol)) peppolRules(facts, collect(EInvoiceRuleSet.peppol))
  return violations
}
