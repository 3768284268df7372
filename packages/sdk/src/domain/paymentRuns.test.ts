import { describe, expect, it } from 'vitest'
import { approvalRefusal, approvalState, approvalsNeeded } from './approvals'
import { centsTotal, groupTransfers, proposeItems, runLineOf, sepaText, type PayeeLine, type ProposableItem } from './paymentRuns'

const item = (over: Partial<ProposableItem>): ProposableItem => ({
  id: 1,
  account: 330001,
  due_date: '2026-03-20',
  gross_cents: 120_000,
  paid_cents: 0,
  open_cents: 120_000,
  discount_percent: null,
  discount_due_date: null,
  approved: true,
  in_run: false,
  ...over,
})

describe('approval state', () => {
  it('needs two different people above the limit, one up to it', () => {
    expect(approvalsNeeded('1000.00', '1000.00')).toBe(1)
    expect(approvalsNeeded('1000.01', '1000.00')).toBe(2)
    expect(approvalsNeeded('99999.00', null)).toBe(1)
    const one = [{ action: 'approve' as const, counts_for: 'a' }]
    expect(approvalState(one, 2)).toEqual({ state: 'partly', approvers: ['a'] })
    expect(approvalState([...one, { action: 'approve', counts_for: 'a' }], 2).state).toBe('partly')
    expect(approvalState([...one, { action: 'approve', counts_for: 'b' }], 2).state).toBe('approved')
    expect(approvalRefusal(one, 2, 'approve', 'a')).toBe('sameApprover')
    expect(approvalRefusal(one, 1, 'approve', 'b')).toBe('alreadyApproved')
    expect(approvalRefusal(one, 1, 'reject', 'b')).toBeUndefined()
  })

  it('starts over after a rejection; a question holds until the next approval', () => {
    const steps = [
      { action: 'approve' as const, counts_for: 'a' },
      { action: 'reject' as const, counts_for: 'b' },
      { action: 'question' as const, counts_for: 'b' },
    ]
    expect(approvalState(steps, 1).state).toBe('questioned')
    expect(approvalState([...steps, { action: 'approve', counts_for: 'a' }], 2)).toEqual({ state: 'partly', approvers: ['a'] })
    expect(approvalState([], 1).state).toBe('open')
  })
})

describe('payment run', () => {
  it('pays what is open less the discount while it applies on the execution date; a part payment takes none', () => {
    const skonto = item({ discount_percent: 3, discount_due_date: '2026-03-05' })
    expect(runLineOf(skonto, '2026-03-05')).toEqual({ id: 1, amount_cents: 116_400, discount_cents: 3_600 })
    expect(runLineOf(skonto, '2026-03-06')).toEqual({ id: 1, amount_cents: 120_000, discount_cents: 0 })
    expect(runLineOf(skonto, '2026-03-05', 50_000)).toEqual({ id: 1, amount_cents: 50_000, discount_cents: 0 })
  })

  it('proposes approved items not in a run, due within the days or with an open discount, discounts first', () => {
    const items = [
      item({ id: 1, due_date: '2026-03-30' }),
      item({ id: 2, due_date: '2026-03-10' }),
      item({ id: 3, due_date: '2026-04-30', discount_percent: 2, discount_due_date: '2026-03-08' }),
      item({ id: 4, due_date: '2026-03-02', approved: false }),
      item({ id: 5, due_date: '2026-03-02', in_run: true }),
      item({ id: 6, due_date: '2026-02-01' }),
    ]
    expect(proposeItems(items, '2026-03-02', 14).map((line) => line.id)).toEqual([3, 6, 2])
  })

  it('groups per invoice or per supplier, sets off credit notes and keeps every remittance within 140 characters', () => {
    const line = (over: Partial<PayeeLine>): PayeeLine => ({ booking_id: 1, account: 330001, creditor_name: 'Müller & Söhne', creditor_iban: 'AT611904300234573201', document_number: 'RE-1', amount_cents: 10_000, ...over })
    const lines = [line({ booking_id: 1 }), line({ booking_id: 2, document_number: 'RE-2', amount_cents: 5_005 }), line({ booking_id: 3, document_number: 'GS-1', amount_cents: -2_000 })]
    expect(groupTransfers(lines.slice(0, 2), 'invoice').transfers.map((transfer) => transfer.amount_cents)).toEqual([10_000, 5_005])
    const bySupplier = groupTransfers(lines, 'supplier')
    expect(bySupplier.transfers).toHaveLength(1)
    expect(bySupplier.transfers[0]).toMatchObject({ amount_cents: 13_005, remittance: 'GS-1, RE-2, RE-1' })
    expect(groupTransfers([line({ amount_cents: 1_000 }), line({ booking_id: 9, amount_cents: -5_000 })], 'supplier').refused).toEqual([330001])
    const many = Array.from({ length: 30 }, (_, index) => line({ booking_id: index + 1, document_number: `ER-2026-${String(index).padStart(4, '0')}` }))
    const split = groupTransfers(many, 'supplier').transfers
    expect(split.length).toBeGreaterThan(1)
    expect(split.every((transfer) => transfer.remittance.length <= 140)).toBe(true)
    expect(split.reduce((sum, transfer) => sum + transfer.lines.length, 0)).toBe(30)
    expect(centsTotal(split.map((transfer) => transfer.amount_cents))).toBe('3000.00')
  })

  it('writes text in the EPC character set', () => {
    expect(sepaText('Müller & Söhne GmbH – Wien', 70)).toBe('Mueller + Soehne GmbH Wien')
    expect(sepaText('Café «Zentral» Nr. 5/2', 70)).toBe('Cafe Zentral Nr. 5/2')
    expect(sepaText('x'.repeat(200), 140)).toHaveLength(140)
  })
})
