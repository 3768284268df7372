import { bestCandidates } from '../best'
import type { PageText } from '../text/layout'
import type { Candidate } from '../types'
import { makeDoc } from './document'
import { extractDates, extractInvoiceNumber } from './header-fields'
import { extractIdentifiers } from './identifiers'
import { extractCurrency, extractNotes } from './notes'
import { extractParties } from './parties'
import { extractDueFromTerms } from './payment-terms'
import { extractTaxBreakdown, singleRateBreakdown, zeroRateBreakdown } from './tax-breakdown'
import { extractTotals } from './totals'

/** Rule-based field extraction from the visible pages. */
export function extractFromPages(pages: PageText[]): Candidate[] {
  const doc = makeDoc(pages)
  const breakdown = extractTaxBreakdown(doc)
  const totals = extractTotals(doc, breakdown)
  const candidates = [...breakdown.candidates, ...totals, ...extractIdentifiers(doc), ...extractInvoiceNumber(doc), ...extractDates(doc)]
  const net = totals.find((c) => c.field === 'total_net')?.value
  const tax = totals.find((c) => c.field === 'total_tax')?.value
  if (breakdown.candidates.length === 0 && typeof net === 'string' && typeof tax === 'string') {
    const single = singleRateBreakdown(doc, net, tax) ?? zeroRateBreakdown(net, tax)
    if (single) candidates.push(single)
  }
  candidates.push(...extractCurrency(doc), ...extractParties(doc))
  const issue = bestCandidates(candidates).issue_date?.value
  candidates.push(...extractNotes(doc, typeof issue === 'string' ? issue : null))
  candidates.push(...extractDueFromTerms(doc, typeof issue === 'string' ? issue : null))
  return candidates
}
