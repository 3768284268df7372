import { describe, expect, it } from 'vitest'
import {
  bookLines,
  checkAccountSide,
  checkBusinessLunch,
  checkSettlement,
  formatCents,
  rateOfDocument,
  rateOfTotals,
  reversedLines,
  taxCodeFitsDocument,
  taxInGross,
  taxOfNet,
  toCents,
  wholeDocumentAmount,
  type BookingContext,
} from './booking'

const incoming = (totals: BookingContext['totals'], options: Partial<BookingContext> = {}): BookingContext => ({
  side: 'input',
  smallBusiness: false,
  useGrossAmounts: false,
  totals,
  ...options,
})

describe('booking amounts', () => {
  it('reads and writes cents exactly', () => {
    expect(toCents('1234.5')).toBe(123450)
    expect(toCents('-0.05')).toBe(-5)
    expect(toCents('12,50')).toBeUndefined()
    expect(toCents('1.234')).toBeUndefined()
    expect(formatCents(-5)).toBe('-0.05')
    expect(formatCents(123450)).toBe('1234.50')
  })

  it('rounds tax half-up to the cent, away from zero for credit notes', () => {
    expect(taxOfNet(1025, 10)).toBe(103) // 1.025 → 1.03
    expect(taxOfNet(-1025, 10)).toBe(-103)
    expect(taxOfNet(1024, 10)).toBe(102)
    expect(taxInGross(12000, 20)).toBe(2000)
    expect(taxInGross(1000, 13)).toBe(115) // 10.00 × 13 / 113 = 1.1504
  })
})

describe('bookLines', () => {
  it('books net lines per rate that sum to the document totals', () => {
    const result = bookLines(
      [
        { taxCode: 'V20', amount: '100.00' },
        { taxCode: 'V10', amount: '50.00' },
      ],
      incoming({ net: '150.00', tax: '25.00', gross: '175.00' }),
    )
    expect(result.issues).toEqual([])
    expect(result.lines).toEqual([
      { taxCode: 'V20', rate: '20', net: '100.00', tax: '20.00', gross: '120.00' },
      { taxCode: 'V10', rate: '10', net: '50.00', tax: '5.00', gross: '55.00' },
    ])
  })

  it('books gross amounts when the company books gross', () => {
    const result = bookLines([{ taxCode: 'V20', amount: '120.00' }], incoming({ net: '100.00', tax: '20.00', gross: '120.00' }, { useGrossAmounts: true }))
    expect(result.issues).toEqual([])
    expect(result.lines[0]).toMatchObject({ net: '100.00', tax: '20.00', gross: '120.00' })
  })

  it('refuses lines that miss the totals by a cent, naming the total', () => {
    const result = bookLines([{ taxCode: 'V20', amount: '100.01' }], incoming({ net: '100.00', tax: '20.00', gross: '120.00' }))
    expect(result.issues.map((i) => [i.key, i.params.total])).toEqual([
      ['booking:rule.sumMismatch', 'gross'],
      ['booking:rule.sumMismatch', 'net'],
    ])
    expect(result.issues[0].params).toMatchObject({ field: 'lines', expected: '120.00', actual: '120.01' })
  })

  it('computes the self-assessed tax of reverse charge while the invoice shows none', () => {
    const result = bookLines([{ taxCode: 'VRC20', amount: '1000.00' }], incoming({ net: '1000.00', tax: '0.00', gross: '1000.00' }))
    expect(result.issues).toEqual([])
    expect(result.lines[0]).toEqual({ taxCode: 'VRC20', rate: '20', net: '1000.00', tax: '200.00', gross: '1000.00' })
  })

  it('lets a small business book only codes without tax, the gross as its cost', () => {
    const refused = bookLines([{ taxCode: 'V20', amount: '120.00' }], incoming({ net: '100.00', tax: '20.00', gross: '120.00' }, { smallBusiness: true }))
    expect(refused.issues[0]).toMatchObject({ field: 'lines.0.taxCode', key: 'booking:rule.smallBusinessTax' })
    const booked = bookLines([{ taxCode: 'VKU', amount: '120.00' }], incoming({ net: '100.00', tax: '20.00', gross: '120.00' }, { smallBusiness: true }))
    expect(booked.issues).toEqual([])
    expect(booked.lines[0]).toMatchObject({ net: '120.00', tax: '0.00', gross: '120.00' })
  })

  it('refuses unknown codes, the other side, a code twice and no lines', () => {
    const totals = { net: null, tax: null, gross: '10.00' }
    expect(bookLines([{ taxCode: 'X1', amount: '10.00' }], incoming(totals)).issues[0].key).toBe('booking:rule.taxCodeUnknown')
    expect(bookLines([{ taxCode: 'U20', amount: '10.00' }], incoming(totals)).issues[0].key).toBe('booking:rule.taxCodeSide')
    expect(bookLines([{ taxCode: 'V0', amount: '5.00' }, { taxCode: 'V0', amount: '5.00' }], incoming(totals)).issues[0].key).toBe('booking:rule.taxCodeTwice')
    expect(bookLines([], incoming(totals)).issues[0].key).toBe('booking:rule.linesMissing')
    expect(bookLines([{ taxCode: 'V0', amount: 'ten' }], incoming(totals)).issues[0].field).toBe('lines.0.amount')
  })

  it('books a credit note with negative amounts', () => {
    const result = bookLines([{ taxCode: 'V20', amount: '-100.00' }], incoming({ net: '-100.00', tax: '-20.00', gross: '-120.00' }))
    expect(result.issues).toEqual([])
    expect(reversedLines(result.lines)[0]).toMatchObject({ net: '100.00', tax: '20.00', gross: '120.00' })
  })
})

describe('booking checks', () => {
  it('wants customer accounts on outgoing invoices and supplier accounts otherwise', () => {
    expect(checkAccountSide(200100, 'output')).toBeUndefined()
    expect(checkAccountSide(330001, 'output')?.key).toBe('booking:rule.accountSide')
    expect(checkAccountSide(200100, 'input')?.params.wanted).toBe('supplier')
  })

  it('deducts down payments on a final settlement only, up to its gross', () => {
    expect(checkSettlement('final_settlement', '500.00', '1200.00')).toBeUndefined()
    expect(checkSettlement('final_settlement', '1300.00', '1200.00')?.key).toBe('booking:rule.deductedTooHigh')
    expect(checkSettlement('down_payment', '10.00', '1200.00')?.key).toBe('booking:rule.deductedOnlyFinal')
    expect(checkSettlement(null, null, '1.00')).toBeUndefined()
  })

  it('asks a business lunch for its reason and participants', () => {
    expect(checkBusinessLunch({ business_lunch: true, reason: ' ', participants: 'A, B' }).map((i) => i.field)).toEqual(['business_lunch_reason'])
    expect(checkBusinessLunch({ business_lunch: false })).toEqual([])
  })

  it('suggests the rate and the amount of a one-line booking', () => {
    expect(rateOfTotals('100.00', '13.00')).toBe(13)
    expect(rateOfTotals('100.00', '0.00')).toBe(0)
    expect(rateOfTotals('100.00', '7.00')).toBeUndefined()
    const context = incoming({ net: '100.00', tax: '20.00', gross: '120.00' })
    expect(wholeDocumentAmount('V20', context)).toBe('100.00')
    expect(wholeDocumentAmount('V20', { ...context, useGrossAmounts: true })).toBe('120.00')
  })
})

describe('a suggestion never contradicts the document (issue 31)', () => {
  it('reads one rate from the breakdown or the totals, none from several', () => {
    expect(rateOfDocument([{ rate: '20' }], '200.00', '40.00')).toBe(20)
    expect(rateOfDocument([], '218.18', '21.82')).toBe(10)
    expect(rateOfDocument([{ rate: '20' }, { rate: '10' }], '300.00', '50.00')).toBeUndefined()
  })
  it('lets the document pick the rate: V10 contradicts a 20 % invoice, reverse charge one that shows tax', () => {
    expect(taxCodeFitsDocument('V10', 20, '40.00')).toBe(false)
    expect(taxCodeFitsDocument('V20', 20, '40.00')).toBe(true)
    expect(taxCodeFitsDocument('VRC20', 0, '0.00')).toBe(true)
    expect(taxCodeFitsDocument('VRC20', 20, '40.00')).toBe(false)
    expect(taxCodeFitsDocument('V10', undefined, null)).toBe(true)
  })
})
