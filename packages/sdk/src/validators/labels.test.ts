import { describe, expect, it } from 'vitest'
import { parseAmountText, parseCurrencyText, parseDateText, parseLabelInput } from './labels'

describe('reading labelled text', () => {
  it('reads dates as invoices print them, day first, in German and English', () => {
    expect(parseDateText('2025-12-31')).toBe('2025-12-31')
    expect(parseDateText('31.12.2025')).toBe('2025-12-31')
    expect(parseDateText('1.2.25')).toBe('2025-02-01')
    expect(parseDateText('03/04/2026')).toBe('2026-04-03')
    expect(parseDateText('12/31/2025')).toBe('2025-12-31')
    expect(parseDateText('31. Dezember 2025')).toBe('2025-12-31')
    expect(parseDateText('5 Jänner 2026')).toBe('2026-01-05')
    expect(parseDateText('December 31, 2025')).toBe('2025-12-31')
    expect(parseDateText('31.02.2025')).toBeNull()
    expect(parseDateText('Rechnung')).toBeNull()
  })

  it('reads amounts in both notations, with currency signs and credits', () => {
    expect(parseAmountText('1.234,56')).toBe('1234.56')
    expect(parseAmountText('1,234.56')).toBe('1234.56')
    expect(parseAmountText('€ 12,5')).toBe('12.50')
    expect(parseAmountText('EUR 1 234,00')).toBe('1234.00')
    expect(parseAmountText('-3.00')).toBe('-3.00')
    expect(parseAmountText('12,50-')).toBe('-12.50')
    expect(parseAmountText('12,345')).toBeNull()
    expect(parseAmountText('abc')).toBeNull()
  })

  it('reads currencies by sign or code', () => {
    expect(parseCurrencyText('€')).toBe('EUR')
    expect(parseCurrencyText('chf')).toBe('CHF')
    expect(parseCurrencyText('12,00 €')).toBe('EUR')
    expect(parseCurrencyText('Euro!')).toBeNull()
  })

  it('answers the stored value or the message by the field kind', () => {
    expect(parseLabelInput('amount', '1.234,56 €')).toEqual({ value: '1234.56' })
    expect(parseLabelInput('date', 'gestern')).toEqual({ error: { key: 'validation:date' } })
    expect(parseLabelInput('iban', 'AT61 1904 3002 3457 3201')).toEqual({ value: 'AT611904300234573201' })
    expect(parseLabelInput('iban', 'AT61 1904 3002 3457 3202').error?.key).toBe('validation:iban')
    expect(parseLabelInput('vatId', 'ATU 1234567').error?.key).toBe('validation:vatId.invalidForCountry')
    expect(parseLabelInput('account', '330 001')).toEqual({ value: '330001' })
    expect(parseLabelInput('text', '  Re  4711 ')).toEqual({ value: 'Re 4711' })
    expect(parseLabelInput('text', ' ')).toEqual({ error: { key: 'validation:required' } })
  })
})
