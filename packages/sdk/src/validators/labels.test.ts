import { describe, expect, it } from 'vitest'
import { parseAmountText, parseCurrencyText, parseDateText, parseLabelInput, parsePeriodText, parseTaxLinesText, taxLinesInputText } from './labels'

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
    expect(parseLabelInput('date', 'gestern')).toEqual({ error: { key: 'validation:date', params: { minYear: 1900, maxYear: 2199 } } })
    expect(parseLabelInput('date', '31.12.9999')).toEqual({ error: { key: 'validation:date', params: { minYear: 1900, maxYear: 2199 } } })
    expect(parseLabelInput('iban', 'AT61 1904 3002 3457 3201')).toEqual({ value: 'AT611904300234573201' })
    expect(parseLabelInput('iban', 'AT61 1904 3002 3457 3202').error?.key).toBe('validation:iban')
    expect(parseLabelInput('vatId', 'ATU 1234567').error?.key).toBe('validation:vatId.invalidForCountry')
    expect(parseLabelInput('account', '330 001')).toEqual({ value: '330001' })
    expect(parseLabelInput('text', '  Re  4711 ')).toEqual({ value: 'Re 4711' })
    expect(parseLabelInput('text', ' ')).toEqual({ error: { key: 'validation:required' } })
  })

  it('reads a Skonto rate as printed or typed, above 0 and below 100 with at most two decimals', () => {
    expect(parseLabelInput('percent', '2,5 %')).toEqual({ value: '2.5' })
    expect(parseLabelInput('percent', '3')).toEqual({ value: '3' })
    expect(parseLabelInput('percent', '2.50%')).toEqual({ value: '2.5' })
    expect(parseLabelInput('percent', '1,75')).toEqual({ value: '1.75' })
    for (const wrong of ['0', '100', '2,555', '-2', 'drei', '']) {
      expect(parseLabelInput('percent', wrong).error?.key, wrong).toBe(wrong === '' ? 'validation:required' : 'validation:percent')
    }
  })

  it('reads periods, yes/no, counter accounts and tax lines as people type them', () => {
    expect(parsePeriodText('03/2026')).toBe('2026-03')
    expect(parsePeriodText('März 2026')).toBe('2026-03')
    expect(parsePeriodText('2026-13')).toBeNull()
    expect(parseLabelInput('boolean', 'Ja')).toEqual({ value: 'true' })
    expect(parseLabelInput('boolean', 'vielleicht').error?.key).toBe('validation:boolean')
    expect(parseLabelInput('counterAccount', '7 600')).toEqual({ value: '7600' })
    const lines = '[{"basis":"100.00","rate":"20","tax":"20.00"},{"basis":"50.00","rate":"10","tax":"5.00"}]'
    expect(parseTaxLinesText('20 % 100,00 20,00; 10 % 50,00 5,00')).toBe(lines)
    expect(parseTaxLinesText(lines)).toBe(lines)
    expect(taxLinesInputText(lines)).toBe('20 % 100.00 20.00; 10 % 50.00 5.00')
    expect(parseTaxLinesText('20 % 100,00')).toBeNull()
    expect(parseLabelInput('taxLines', 'zwanzig').error?.key).toBe('validation:taxLines')
  })
})
