import { describe, expect, it } from 'vitest'
import { formatDate } from './dates'
import { formatAmount, formatNumber, localizeAmountParams } from './format'

describe('locale formatters', () => {
  it('writes dates as in Austria in German, with Jänner', () => {
    expect(formatDate('2026-11-05', 'de')).toBe('05.11.2026')
    expect(formatDate('2026-01-05', 'de', { dateStyle: 'long' })).toBe('5. Jänner 2026')
    expect(formatDate('2026-11-05', 'en')).toBe('5 Nov 2026')
    expect(formatDate('not a date', 'de')).toBe('not a date')
  })

  it('writes amounts and counts with the language separators', () => {
    expect(formatAmount('1250.00', 'de')).toBe('1.250,00')
    expect(formatAmount('1250', 'en')).toBe('1,250.00')
    expect(formatAmount('-3.5', 'de', 'EUR')).toMatch(/^-3,50\s€$/)
    expect(formatAmount('abc', 'de')).toBe('abc')
    expect(formatNumber(12345, 'de')).toBe('12.345')
  })

  it('writes the amounts of a message as the language does', () => {
    expect(localizeAmountParams({ field: 'total_gross', sum: '1200.00', total: '1210.00' }, 'de')).toEqual({ field: 'total_gross', sum: '1.200,00', total: '1.210,00' })
  })
})
