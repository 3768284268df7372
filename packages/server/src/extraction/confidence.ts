import { bestCandidates } from './best'
import { addDecimals, sameDecimal } from './money'
import type { Candidate, FieldName, TaxLine } from './types'

// The rules' confidences say how much a rule is trusted in general; what the document itself says about the chosen
// values says more. Issue 32: the review's "please check" must mark the values that are wrong, not every value a
// rule of middling trust found.

/** Confidence of values the document confirms (net + tax = gross, the breakdown adds up, the name stands twice). */
const CONFIRMED = 0.95
/** The most a value gets when the document contradicts it, or another reading stands about as high. */
const DOUBTED = 0.5
/** Two readings closer than this are a contest: the rules could not tell them apart. */
const CONTEST_MARGIN = 0.1

const valueKey = (candidate: Candidate) => (typeof candidate.value === 'string' ? candidate.value : JSON.stringify(candidate.value))
const text = (candidate: Candidate | undefined) => (typeof candidate?.value === 'string' ? candidate.value : null)

/** How often a name stands on the pages as a line's whole cell or at its start (a letterhead repeated in the footer). */
function timesPrinted(name: string, lines: readonly string[]): number {
  const key = name.replace(/\s+/g, ' ').trim().toLowerCase()
  return key.length < 4 ? 0 : lines.filter((line) => line.replace(/\s+/g, ' ').trim().toLowerCase().startsWith(key)).length
}

/** Confidence changes per field, from what the chosen values say of each other and of the page. */
function evidence(best: Partial<Record<FieldName, Candidate>>, lines: readonly string[]): Map<FieldName, 'confirmed' | 'doubted'> {
  const out = new Map<FieldName, 'confirmed' | 'doubted'>()
  // A seller's name printed twice (letterhead and footer) is the seller's as the page states it.
  const seller = text(best.seller_name)
  if (seller !== null && timesPrinted(seller, lines) >= 2) out.set('seller_name', 'confirmed')
  const [net, tax, gross] = [text(best.total_net), text(best.total_tax), text(best.total_gross)]
  if (net !== null && tax !== null && gross !== null) {
    const sum = addDecimals([net, tax])
    const verdict = sum !== null && sameDecimal(sum, gross) ? 'confirmed' : 'doubted'
    for (const field of ['total_net', 'total_tax', 'total_gross'] as const) out.set(field, verdict)
    const lines = best.tax_breakdown?.value
    if (Array.isArray(lines) && lines.length > 0 && verdict === 'confirmed') {
      const bases = addDecimals(lines.map((line: TaxLine) => line.basis ?? 'x'))
      const taxes = addDecimals(lines.map((line: TaxLine) => line.tax ?? 'x'))
      out.set('tax_breakdown', bases !== null && taxes !== null && sameDecimal(bases, net) && sameDecimal(taxes, tax) ? 'confirmed' : 'doubted')
    }
  }
  // With no amount due printed, the rules take the gross; right for an invoice, not for a credit note (nothing is due).
  const due = text(best.amount_due)
  if (due !== null && gross !== null && out.get('total_gross') === 'confirmed' && sameDecimal(due, gross)) out.set('amount_due', due.startsWith('-') ? 'doubted' : 'confirmed')
  const [issue, dueDate] = [text(best.issue_date), text(best.due_date)]
  if (issue !== null && dueDate !== null && dueDate < issue) out.set('due_date', 'doubted')
  return out
}

/**
 * The rules' candidates with the chosen value's confidence settled by the document: raised where its arithmetic
 * confirms it, lowered where it contradicts it or where another value stood about as high (a contest the rules could
 * not decide). The choice stays the same: rivals are kept below the chosen value.
 */
export function settleConfidence(candidates: Candidate[], lines: readonly string[]): Candidate[] {
  const best = bestCandidates(candidates)
  const verdicts = evidence(best, lines)
  const settled = new Map<Candidate, number>()
  for (const [field, chosen] of Object.entries(best) as Array<[FieldName, Candidate]>) {
    const rivals = candidates.filter((c) => c.field === field && valueKey(c) !== valueKey(chosen))
    const contested = rivals.some((rival) => rival.confidence >= chosen.confidence - CONTEST_MARGIN)
    const verdict = verdicts.get(field)
    let confidence = chosen.confidence
    if (verdict === 'confirmed' && !contested) confidence = Math.max(confidence, CONFIRMED)
    if (verdict === 'doubted' || contested) confidence = Math.min(confidence, DOUBTED)
    settled.set(chosen, confidence)
    // The rivals stay below: the first of the highest is chosen, and a settled value must not lose its place.
    for (const rival of rivals) if (rival.confidence >= confidence) settled.set(rival, Math.max(0, confidence - 0.01))
  }
  return candidates.map((candidate) => (settled.has(candidate) ? { ...candidate, confidence: settled.get(candidate)! } : candidate))
}
