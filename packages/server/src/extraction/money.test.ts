import { describe, expect, it } from 'vitest'
import { addDecimals, canonicalDecimal, parsePrintedAmount, percentOf, sameDecimal } from './money'

describe('exact money', () => {
  it('reads German, English and plain number formats', () => {
    expect(parsePrintedAmount('1.234,56')).toBe('1234.56')
    expect(parsePrintedAmount('1,234.56')).toBe('1234.56')
    expect(parsePrintedAmount('1 234,56')).toBe('1234.56')
    expect(parsePrintedAmount('1234.5')).toBe('1234.50')
    expect(parsePrintedAmount('12,00-')).toBe('-12.00')
    expect(parsePrintedAmount('-0,50')).toBe('-0.50')
    expect(parsePrintedAmount('12.345.678,90')).toBe('12345678.90')
    expect(parsePrintedAmount('ATU12345678')).toBeNull()
    expect(parsePrintedAmount('1.23.4')).toBeNull()
  })

  it('adds without floating-point error', () => {
    expect(addDecimals(['0.1', '0.2'])).toBe('0.30')
    expect(addDecimals(['113.03', '64.46', '20.16'])).toBe('197.65')
    expect(sameDecimal('197.650', '197.65')).toBe(true)
    expect(canonicalDecimal('0020.5')).toBe('20.50')
  })

  it('computes tax of a rate rounded half away from zero to the cent', () => {
    expect(percentOf('100.00', '20')).toBe('20.00')
    expect(percentOf('0.05', '10')).toBe('0.01')
    expect(percentOf('19.99', '13')).toBe('2.60')
  })
})
