import { describe, expect, it } from 'vitest'
import { ageingBucket, amountToPay, checkPayment, daysOverdue, discountCents, discountOn, settle } from './openItems'
import { PAYMENT_METHODS } from './payment'

describe('ageing', () => {
  it('counts calendar days past the due date and puts them in the buckets', () => {
    expect(daysOverdue('2026-03-01', '2026-02-20')).toBe(0)
    expect(daysOverdue('2026-02-28', '2026-03-01')).toBe(1)
    expect(daysOverdue('2026-01-01', '2026-03-02')).toBe(60)
    expect(daysOverdue('2025-12-31', '2026-12-31')).toBe(365)
    expect([0, 1, 30, 31, 60, 61, 90, 91, 400].map(ageingBucket)).toEqual([
      'notDue', 'days1to30', 'days1to30', 'days31to60', 'days31to60', 'days61to90', 'days61to90', 'over90', 'over90',
    ])
  })
})

describe('discount (Skonto)', () => {
  it('is the percent of the gross, rounded half up to the cent', () => {
    expect(discountCents(120_000, 2)).toBe(2_400) // 2 % of 1,200.00 = 24.00
    expect(discountCents(33_333, 3)).toBe(1_000) // 3 % of 333.33 = 9.9999 → 10.00
    expect(discountCents(10_050, 2.5)).toBe(251) // 2.5 % of 100.50 = 2.5125 → 2.51
  })

  it('applies until the deadline, only while nothing was paid, and is flagged when the deadline is near', () => {
    const item = { grossCents: 120_000, percent: 2, discountDueDate: '2026-03-10', paidCents: 0 }
    expect(discountOn(item, '2026-03-01')).toEqual({ amountCents: 2_400, applies: true, daysLeft: 9, soon: false })
    expect(discountOn(item, '2026-03-05')).toMatchObject({ applies: true, daysLeft: 5, soon: true })
    expect(discountOn(item, '2026-03-10')).toMatchObject({ applies: true, daysLeft: 0, soon: true })
    expect(discountOn(item, '2026-03-11')).toMatchObject({ applies: false, daysLeft: -1, soon: false })
    expect(discountOn({ ...item, paidCents: 100 }, '2026-03-01').applies).toBe(false)
    expect(discountOn({ ...item, percent: null }, '2026-03-01')).toEqual({ amountCents: 0, applies: false, daysLeft: null, soon: false })
    expect(amountToPay(120_000, discountOn(item, '2026-03-01'))).toBe('1176.00')
    expect(amountToPay(120_000, discountOn(item, '2026-03-11'))).toBe('1200.00')
  })
})

describe('partial payments', () => {
  const discount = discountOn({ grossCents: 120_000, percent: 2, discountDueDate: '2026-03-10', paidCents: 0 }, '2026-03-01')
  const none = discountOn({ grossCents: 120_000, percent: null, discountDueDate: null, paidCents: 0 }, '2026-03-01')

  it('settles in full when the gross less the discount is paid in time', () => {
    expect(settle(120_000, 117_600, discount)).toEqual({ discountCents: 2_400, remainingCents: 0, state: 'paid' })
  })

  it('leaves the rest open after a part payment, and two parts settle the item', () => {
    const first = settle(120_000, 50_000, none)
    expect(first).toEqual({ discountCents: 0, remainingCents: 70_000, state: 'partlyPaid' })
    expect(settle(first.remainingCents, 70_000, none)).toEqual({ discountCents: 0, remainingCents: 0, state: 'paid' })
    // Without the discount a payment of 1,176.00 leaves 24.00 open.
    expect(settle(120_000, 117_600, none).remainingCents).toBe(2_400)
  })

  it('refuses a payment without a date, above what is open, of 0 or with an unknown method, naming the field', () => {
    const item = { openCents: 70_000, documentDate: '2026-02-01' }
    expect(checkPayment({ paid_on: '2026-03-01', amount: '700.00', method: 'bankTransaction' }, item, PAYMENT_METHODS)).toEqual([])
    expect(checkPayment({ paid_on: '2026-01-31', amount: '700.01', method: 'cheque' }, item, PAYMENT_METHODS)).toEqual([
      { field: 'paid_on', rule: 'payment.beforeDocument' },
      { field: 'amount', rule: 'payment.amountTooHigh' },
      { field: 'method', rule: 'payment.methodInvalid' },
    ])
    expect(checkPayment({ paid_on: 'gestern', amount: '0', method: 'cash' }, item, PAYMENT_METHODS)).toEqual([
      { field: 'paid_on', rule: 'payment.dateInvalid' },
      { field: 'amount', rule: 'payment.amountInvalid' },
    ])
  })
})
