import { bestCandidates } from '../best'
import type { PageText } from '../text/layout'
import type { Candidate, ClientParty } from '../types'
import { clientRoleOnPage, type ClientPlacement } from './client-party'
import { makeDoc, type Doc } from './document'
import { extractDates, extractInvoiceNumber } from './header-fields'
import { extractIdentifiers } from './identifiers'
import { extractCurrency, extractNotes } from './notes'
import { addressee, extractParties } from './parties'
import { extractDueFromTerms } from './payment-terms'
import { extractTaxBreakdown, singleRateBreakdown, zeroRateBreakdown } from './tax-breakdown'
import { extractTotals } from './totals'

/**
 * The client's side on this document: as fixed at upload, else as the page tells it (a first reading of the parties
 * that knows nothing of the client), else the side of the document's kind; undefined without a client.
 */
function placeClient(doc: Doc, client: ClientParty | undefined): ClientPlacement | undefined {
  if (!client) return undefined
  const first = () => clientRoleOnPage([...extractIdentifiers(doc), ...extractParties(doc)], client, (addressee(doc, null)?.value as string | undefined) ?? null)
  const role = client.role ?? first() ?? client.usualRole
  return role ? { client, role } : undefined
}

/** Rule-based field extraction from the visible pages; with the client company, it is placed on its side (see placeClient). */
export function extractFromPages(pages: PageText[], client?: ClientParty): Candidate[] {
  const doc = makeDoc(pages)
  const placement = placeClient(doc, client)
  const breakdown = extractTaxBreakdown(doc)
  const totals = extractTotals(doc, breakdown)
  const candidates = [...breakdown.candidates, ...totals, ...extractIdentifiers(doc, placement), ...extractInvoiceNumber(doc), ...extractDates(doc)]
  const net = totals.find((c) => c.field === 'total_net')?.value
  const tax = totals.find((c) => c.field === 'total_tax')?.value
  if (breakdown.candidates.length === 0 && typeof net === 'string' && typeof tax === 'string') {
    const single = singleRateBreakdown(doc, net, tax) ?? zeroRateBreakdown(net, tax)
    if (single) candidates.push(single)
  }
  candidates.push(...extractCurrency(doc), ...extractParties(doc, placement))
  const issue = bestCandidates(candidates).issue_date?.value
  candidates.push(...extractNotes(doc, typeof issue === 'string' ? issue : null))
  candidates.push(...extractDueFromTerms(doc, typeof issue === 'string' ? issue : null))
  return candidates
}
