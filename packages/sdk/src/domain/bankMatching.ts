import { discountOn, type DiscountState } from './openItems'
import { portalReference } from './paymentRuns'

/** Confidence from which a proposal settles by itself unless configured otherwise (BANK_AUTO_MATCH). */
export const BANK_AUTO_MATCH_CONFIDENCE = 0.9

/** A booked movement as matching sees it. */
export interface MatchableTransaction {
  amountCents: number
  bookingDate: string
  remittance: string
  endToEndId: string | null
  structuredReference: string | null
  counterpartyName: string | null
  counterpartyIban: string | null
  isReturn: boolean
}

/** An open item as matching sees it (ER: the company owes it, AR: it is owed). */
export interface MatchableItem {
  bookingId: number
  side: 'ER' | 'AR'
  documentNumber: string | null
  openCents: number
  grossCents: number
  paidCents: number
  discountPercent: number | null
  discountDueDate: string | null
  partnerName: string | null
  partnerIban: string | null
}

/** Why a proposal was made (texts `banking:reason.<key>`). */
export type MatchReason = 'invoiceNumber' | 'amount' | 'amountWithDiscount' | 'partial' | 'iban' | 'name' | 'several'

/** One item of a proposal and what the payment settles on it. */
export interface ProposalItem {
  bookingId: number
  documentNumber: string | null
  amountCents: number
  discountCents: number
}

/** A proposal: the items a movement pays, its reasons and a confidence between 0 and 1. */
export interface MatchProposal {
  items: ProposalItem[]
  reasons: MatchReason[]
  confidence: number
}

/** Invoice numbers compared without spaces, dashes or case: "AR-2026-0007" = "ar 2026/0007". */
export function referenceKey(text: string): string {
  return text.toUpperCase().replace(/[^A-Z0-9]/g, '')
}

/** The reference keys a movement's texts carry: each word, and runs of 2–4 neighbouring words (a number with spaces). */
export function referenceTokens(transaction: Pick<MatchableTransaction, 'remittance' | 'endToEndId' | 'structuredReference'>): Set<string> {
  const words = [transaction.remittance, transaction.endToEndId ?? '', transaction.structuredReference ?? ''].join(' ').split(/[\s,;:]+/).filter(Boolean)
  const tokens = new Set<string>()
  for (let start = 0; start < words.length; start++) {
    for (let length = 1; length <= 4 && start + length <= words.length; length++) {
      const key = referenceKey(words.slice(start, start + length).join(''))
      if (key.length >= 3) tokens.add(key)
    }
  }
  return tokens
}

const WEIGHTS: Record<MatchReason, number> = { invoiceNumber: 0.55, amount: 0.3, amountWithDiscount: 0.3, partial: 0.1, iban: 0.2, name: 0.1, several: 0.3 }

function nameMatches(a: string | null, b: string | null): boolean {
  if (!a || !b) return false
  const words = (text: string) => new Set(text.toLowerCase().split(/[^a-zäöüß0-9]+/).filter((word) => word.length > 2 && !['gmbh', 'und', 'the', 'kg', 'og', 'ag'].includes(word)))
  const left = words(a)
  return [...words(b)].some((word) => left.has(word))
}

function discountFor(item: MatchableItem, day: string): DiscountState {
  return discountOn({ grossCents: item.grossCents, percent: item.discountPercent, discountDueDate: item.discountDueDate, paidCents: item.paidCents }, day)
}

/** Lookups over many open items, built once per import so each movement only scores its likely candidates. */
export interface MatchIndex {
  byReference: Map<string, MatchableItem[]>
  byAmount: Map<number, MatchableItem[]>
  byIban: Map<string, MatchableItem[]>
}

/** Builds the lookups of proposeMatches. */
export function buildMatchIndex(items: readonly MatchableItem[]): MatchIndex {
  const index: MatchIndex = { byReference: new Map(), byAmount: new Map(), byIban: new Map() }
  const add = <K>(map: Map<K, MatchableItem[]>, key: K, item: MatchableItem) => map.set(key, [...(map.get(key) ?? []), item])
  for (const item of items) {
    if (item.documentNumber && referenceKey(item.documentNumber).length >= 3) add(index.byReference, referenceKey(item.documentNumber), item)
    // A payment run names a booking without a number "Beleg <id>" in its remittance (paymentRuns' remittanceName).
    else if (!item.documentNumber) add(index.byReference, referenceKey(portalReference(item.bookingId)), item)
    add(index.byAmount, item.openCents, item)
    if (item.partnerIban) add(index.byIban, item.partnerIban, item)
  }
  return index
}

/**
 * Proposes how a movement settles open items, best first. Money received pays AR items, money paid ER items; a
 * return pays nothing. Reasons: the invoice number in the remittance, end-to-end id or structured reference; the
 * amount equal to what is open (or to it less the discount that applies on the booking day); the counterparty's
 * IBAN or name equal to the partner's. Several invoices named whose amounts add up make one proposal; a movement
 * short of one named invoice's amount is a partial payment.
 */
export function proposeMatches(transaction: MatchableTransaction, index: MatchIndex): MatchProposal[] {
  if (transaction.isReturn || transaction.amountCents === 0) return []
  const side = transaction.amountCents > 0 ? 'AR' : 'ER'
  const amount = Math.abs(transaction.amountCents)
  const iban = transaction.counterpartyIban?.replace(/\s+/g, '').toUpperCase() ?? null
  const named = new Map<number, MatchableItem>()
  // Credit notes (open below 0) count only with the invoices they are set off against, never alone.
  for (const token of referenceTokens(transaction)) for (const item of index.byReference.get(token) ?? []) if (item.side === side && item.openCents !== 0) named.set(item.bookingId, item)
  const candidates = new Map([...named].filter(([, item]) => item.openCents > 0))
  for (const item of index.byAmount.get(amount) ?? []) if (item.side === side) candidates.set(item.bookingId, item)
  if (iban) for (const item of index.byIban.get(iban) ?? []) if (item.side === side && item.openCents > 0) candidates.set(item.bookingId, item)
  const proposals: MatchProposal[] = []
  for (const item of candidates.values()) {
    const reasons: MatchReason[] = []
    const discount = discountFor(item, transaction.bookingDate)
    let discountCents = 0
    let paid = Math.min(amount, item.openCents)
    if (named.has(item.bookingId)) reasons.push('invoiceNumber')
    if (amount === item.openCents) reasons.push('amount')
    else if (discount.applies && amount === item.openCents - discount.amountCents) {
      reasons.push('amountWithDiscount')
      discountCents = discount.amountCents
      paid = amount
    } else if (named.has(item.bookingId) && amount < item.openCents) reasons.push('partial')
    else if (named.has(item.bookingId)) paid = item.openCents
    if (iban && item.partnerIban === iban) reasons.push('iban')
    else if (nameMatches(transaction.counterpartyName, item.partnerName)) reasons.push('name')
    // An amount alone (without number, IBAN or name) is too weak to propose.
    if (reasons.length === 1 && reasons[0] === 'amount') continue
    if (!reasons.includes('invoiceNumber') && !reasons.includes('amount') && !reasons.includes('amountWithDiscount')) continue
    if (reasons.includes('invoiceNumber') && !reasons.some((reason) => reason === 'amount' || reason === 'amountWithDiscount' || reason === 'partial') && named.size === 1) continue
    const confidence = Math.min(1, reasons.reduce((sum, reason) => sum + WEIGHTS[reason], 0))
    proposals.push({ items: [{ bookingId: item.bookingId, documentNumber: item.documentNumber, amountCents: paid, discountCents }], reasons, confidence: Math.round(confidence * 100) / 100 })
  }
  if (named.size > 1) {
    // One payment for several named invoices: their open amounts (each less a discount that applies) add up to it. A
    // credit note named with them (a payment run sets it off against the same supplier) is used up by it: its open
    // amount (below 0, no discount) counts against theirs.
    const items = [...named.values()]
    const full = items.reduce((sum, item) => sum + item.openCents, 0)
    const discounts = items.map((item) => (item.openCents > 0 ? discountFor(item, transaction.bookingDate) : ({ applies: false, amountCents: 0, daysLeft: null, soon: false }) satisfies DiscountState))
    const reduced = items.reduce((sum, item, i) => sum + item.openCents - (discounts[i].applies ? discounts[i].amountCents : 0), 0)
    if (amount === full || amount === reduced) {
      const withDiscount = amount !== full
      const reasons: MatchReason[] = ['invoiceNumber', 'several', withDiscount ? 'amountWithDiscount' : 'amount']
      if (iban && items.every((item) => item.partnerIban === iban)) reasons.push('iban')
      else if (items.every((item) => nameMatches(transaction.counterpartyName, item.partnerName))) reasons.push('name')
      proposals.push({
        items: items.map((item, i) => {
          const discountCents = withDiscount && discounts[i].applies ? discounts[i].amountCents : 0
          return { bookingId: item.bookingId, documentNumber: item.documentNumber, amountCents: item.openCents - discountCents, discountCents }
        }),
        reasons,
        confidence: Math.min(1, Math.round(reasons.reduce((sum, reason) => sum + WEIGHTS[reason], 0) * 100) / 100),
      })
    }
  }
  return proposals.sort((a, b) => b.confidence - a.confidence || b.items.length - a.items.length).slice(0, 5)
}
