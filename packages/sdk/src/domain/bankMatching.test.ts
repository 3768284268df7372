import { describe, expect, it } from 'vitest'
import { accessExpiry, accessState } from './bankAccess'
import { buildMatchIndex, proposeMatches, type MatchableItem, type MatchableTransaction } from './bankMatching'
import { groupTransfers } from './paymentRuns'

const item = (over: Partial<MatchableItem>): MatchableItem => ({
  bookingId: 1, side: 'AR', documentNumber: 'AR-2026-0007', openCents: 120_000, grossCents: 120_000, paidCents: 0,
  discountPercent: null, discountDueDate: null, partnerName: 'Muster Handels GmbH', partnerIban: 'AT791400000012345678', ...over,
})
const tx = (over: Partial<MatchableTransaction>): MatchableTransaction => ({
  amountCents: 120_000, bookingDate: '2026-03-02', remittance: 'Rechnung AR-2026-0007', endToEndId: null, structuredReference: null,
  counterpartyName: 'Muster Handels GmbH', counterpartyIban: 'AT791400000012345678', isReturn: false, ...over,
})

describe('proposeMatches', () => {
  it('matches number, amount and IBAN with full confidence', () => {
    const [best] = proposeMatches(tx({}), buildMatchIndex([item({}), item({ bookingId: 2, documentNumber: 'AR-2026-0008' })]))
    expect(best).toMatchObject({ items: [{ bookingId: 1, amountCents: 120_000, discountCents: 0 }], reasons: ['invoiceNumber', 'amount', 'iban'], confidence: 1 })
  })

  it('finds a number written with spaces and pays the discount (Skonto) while it applies', () => {
    const open = item({ discountPercent: 2, discountDueDate: '2026-03-05' })
    const [best] = proposeMatches(tx({ amountCents: 117_600, remittance: 'RE AR 2026 0007', counterpartyIban: null, counterpartyName: 'Muster Handel' }), buildMatchIndex([open]))
    expect(best).toMatchObject({ items: [{ amountCents: 117_600, discountCents: 2_400 }], reasons: ['invoiceNumber', 'amountWithDiscount', 'name'] })
    expect(proposeMatches(tx({ amountCents: 117_600, bookingDate: '2026-03-06', counterpartyIban: null }), buildMatchIndex([open]))[0]?.reasons).toContain('partial')
  })

  it('pays several named invoices with one movement', () => {
    const index = buildMatchIndex([item({ bookingId: 1, documentNumber: 'AR-12', openCents: 50_000, grossCents: 50_000 }), item({ bookingId: 2, documentNumber: 'AR-13', openCents: 150_000, grossCents: 150_000 })])
    const [best] = proposeMatches(tx({ amountCents: 200_000, remittance: 'RE AR-12 und AR-13' }), index)
    expect(best.items.map((part) => [part.bookingId, part.amountCents])).toEqual([[1, 50_000], [2, 150_000]])
    expect(best.reasons).toContain('several')
  })

  it('settles a credit note set off in the payment with its invoice: the invoice in full, the credit note used up', () => {
    const invoice = item({ bookingId: 1, side: 'ER', documentNumber: 'ER-12', openCents: 100_000, grossCents: 100_000 })
    const credit = item({ bookingId: 2, side: 'ER', documentNumber: 'GS-3', openCents: -10_000, grossCents: -10_000 })
    const [best] = proposeMatches(tx({ amountCents: -90_000, remittance: 'GS-3, ER-12' }), buildMatchIndex([invoice, credit]))
    expect(best).toMatchObject({ reasons: ['invoiceNumber', 'several', 'amount', 'iban'], confidence: 1 })
    expect(best.items.map((part) => [part.bookingId, part.amountCents, part.discountCents]).sort((a, b) => a[0] - b[0])).toEqual([[1, 100_000, 0], [2, -10_000, 0]])
    // A credit note alone is never proposed, nor one whose invoice's amount does not add up.
    expect(proposeMatches(tx({ amountCents: -10_000, remittance: 'GS-3' }), buildMatchIndex([invoice, credit]))).toEqual([])
    expect(proposeMatches(tx({ amountCents: -95_000, remittance: 'GS-3, ER-12' }), buildMatchIndex([invoice, credit])).every((proposal) => proposal.items.every((part) => part.bookingId === 1))).toBe(true)
  })

  it("settles a run's transfer naming a credit note without a number by the portal's own 'Beleg <id>' of its remittance", () => {
    const invoice = item({ bookingId: 41, side: 'ER', documentNumber: 'ER-12', openCents: 100_000, grossCents: 100_000 })
    const credit = item({ bookingId: 42, side: 'ER', documentNumber: null, openCents: -10_000, grossCents: -10_000 })
    const payee = { account: 330001, creditor_name: 'Muster Handels GmbH', creditor_iban: 'AT791400000012345678' }
    const { transfers } = groupTransfers(
      [{ ...payee, booking_id: 41, document_number: 'ER-12', amount_cents: 100_000 }, { ...payee, booking_id: 42, document_number: null, amount_cents: -10_000 }],
      'supplier',
    )
    expect(transfers.map((transfer) => [transfer.remittance, transfer.amount_cents])).toEqual([['Beleg 42, ER-12', 90_000]])
    const [best] = proposeMatches(tx({ amountCents: -90_000, remittance: transfers[0].remittance }), buildMatchIndex([invoice, credit]))
    expect(best).toMatchObject({ reasons: ['invoiceNumber', 'several', 'amount', 'iban'], confidence: 1 })
    expect(best.items.map((part) => [part.bookingId, part.amountCents]).sort((a, b) => a[0] - b[0])).toEqual([[41, 100_000], [42, -10_000]])
    // An invoice without a number, paid alone, is found by its 'Beleg <id>' too.
    const bare = item({ bookingId: 7, side: 'ER', documentNumber: null, openCents: 50_000, grossCents: 50_000 })
    expect(proposeMatches(tx({ amountCents: -50_000, remittance: 'Beleg 7' }), buildMatchIndex([bare]))[0]).toMatchObject({ items: [{ bookingId: 7 }], reasons: ['invoiceNumber', 'amount', 'iban'] })
  })

  it('proposes nothing on an amount alone, a return, or money going the other way', () => {
    const index = buildMatchIndex([item({})])
    expect(proposeMatches(tx({ remittance: 'thanks', counterpartyIban: null, counterpartyName: 'Someone' }), index)).toEqual([])
    expect(proposeMatches(tx({ isReturn: true }), index)).toEqual([])
    expect(proposeMatches(tx({ amountCents: -120_000 }), index)).toEqual([])
  })
})

describe('bank access', () => {
  it('expires on its day and reminds 14 days before', () => {
    const access = { status: 'approved' as const, expires_on: accessExpiry('2026-01-01') }
    expect(access.expires_on).toBe('2026-04-01')
    expect(accessState(access, '2026-03-17')).toBe('approved')
    expect(accessState(access, '2026-03-18')).toBe('expiringSoon')
    expect(accessState(access, '2026-03-31')).toBe('expiringSoon')
    expect(accessState(access, '2026-04-01')).toBe('expired')
    expect(accessState({ status: 'pending', expires_on: null }, '2026-04-01')).toBe('pending')
  })
})
