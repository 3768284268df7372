import { syntaxRulesOf } from '@portal/sdk/domain'
import { all, text, type XmlNode } from './xml-tree'

/**
 * What CEN's syntax rules of one syntax count in a parsed document (the rules are the SDK's, as data): per rule, one
 * count per place it looks at, for EInvoiceRuleFacts.syntax_counts.
 */
export function syntaxCounts(syntax: 'UBL' | 'CII', doc: XmlNode | undefined): Record<string, number[]> {
  const counts: Record<string, number[]> = {}
  for (const [id, rule] of syntaxRulesOf(syntax)) {
    counts[id] = all(doc, ...rule.context).map((place) => {
      const found = all(place, ...rule.path)
      return rule.distinct ? new Set(found.map((node) => text(node))).size : found.length
    })
  }
  return counts
}
