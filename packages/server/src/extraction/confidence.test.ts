import { describe, expect, it } from 'vitest'
import { bestCandidates } from './best'
import { settleConfidence } from './confidence'
import type { Candidate, FieldName, TaxLine } from './types'

const read = (field: FieldName, value: string | TaxLine[], confidence: number): Candidate => ({ field, value, source: 2, confidence, page: 1, box: null })
const settled = (candidates: Candidate[], lines: string[] = []) => {
  const best = bestCandidates(settleConfidence(candidates, lines))
  return (field: FieldName) => ({ value: best[field]?.value, confidence: best[field]?.confidence })
}

// Issue 32 item 2: the confidence the review shows says what the document itself confirms or contradicts.
describe('settleConfidence', () => {
  const totals = [read('total_net', '100.00', 0.7), read('total_tax', '20.00', 0.7), read('total_gross', '120.00', 0.7)]

  it('raises amounts that add up, and the breakdown that adds up to them', () => {
    const value = settled([...totals, read('tax_breakdown', [{ rate: '20', basis: '100.00', tax: '20.00' }], 0.6)])
    for (const field of ['total_net', 'total_tax', 'total_gross', 'tax_breakdown'] as const) expect(value(field).confidence).toBe(0.95)
  })

  it('lowers amounts that do not add up', () => {
    const value = settled([read('total_net', '100.00', 0.9), read('total_tax', '20.00', 0.9), read('total_gross', '121.00', 0.9)])
    expect(value('total_gross').confidence).toBe(0.5)
  })

  it('takes the gross for the amount due of an invoice, not of a credit note (nothing is due on it)', () => {
    expect(settled([...totals, read('amount_due', '120.00', 0.4)])('amount_due').confidence).toBe(0.95)
    const credit = [read('total_net', '-100.00', 0.7), read('total_tax', '-20.00', 0.7), read('total_gross', '-120.00', 0.7), read('amount_due', '-120.00', 0.4)]
    expect(settled(credit)('amount_due').confidence).toBeLessThanOrEqual(0.4)
  })

  it('doubts a value another reading stands about as high as, and keeps the choice', () => {
    const value = settled([read('invoice_number', 'R-1', 0.85), read('invoice_number', 'R-2', 0.8)])
    expect(value('invoice_number')).toEqual({ value: 'R-1', confidence: 0.5 })
  })

  it('doubts a due date before the invoice date, and confirms a seller named twice on the page', () => {
    expect(settled([read('issue_date', '2026-03-02', 0.9), read('due_date', '2026-02-01', 0.7)])('due_date').confidence).toBe(0.5)
    const value = settled([read('seller_name', 'Alpenblick GmbH', 0.45)], ['Alpenblick GmbH', 'Rechnung', 'Alpenblick GmbH · Wien'])
    expect(value('seller_name').confidence).toBe(0.95)
  })
})
