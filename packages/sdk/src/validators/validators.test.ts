import { describe, expect, it } from 'vitest'
import { createI18n } from '../i18n/createI18n'
import { translateMessage } from '../i18n/translate'
import {
  accountOfKind,
  capitalLetters,
  computeTaxCents,
  email,
  iban,
  integer,
  isAustrianCheckDigitValid,
  isCustomerAccount,
  maxLength,
  minLength,
  notEmpty,
  number,
  parseCents,
  passwordsMatch,
  pattern,
  registerSearchText,
  required,
  sixDigits,
  taxAmount,
  totalsSum,
  validate,
  vatId,
  vatIdCheckKind,
} from './index'

const de = createI18n({ lng: 'de' })

describe('generic rules', () => {
  it('requires a value, in German "Dieses Feld ist erforderlich"', () => {
    const result = required('  ')
    expect(result).toEqual({ key: 'validation:required' })
    expect(translateMessage(de.t, result ?? { key: '' })).toBe('Dieses Feld ist erforderlich')
    expect(required('x')).toBeNull()
    expect(required(0)).toBeNull()
    expect(required([])).toEqual({ key: 'validation:required' })
    expect(notEmpty(null)).toEqual({ key: 'validation:notEmpty' })
  })

  it('leaves empty optional fields alone', () => {
    for (const rule of [email, number, integer, capitalLetters, sixDigits, minLength(3), pattern(/\d+/)]) {
      expect(rule('')).toBeNull()
      expect(rule(undefined)).toBeNull()
    }
  })

  it('checks e-mail, numbers, integers and capitals', () => {
    expect(email('staff@demo.portal')).toBeNull()
    expect(email('staff@demo')).toEqual({ key: 'validation:email' })
    expect(email('a b@c.at')).toEqual({ key: 'validation:email' })
    expect(number('12,50')).toBeNull()
    expect(number('-3.5')).toBeNull()
    expect(number('12a')).toEqual({ key: 'validation:number' })
    expect(number(Number.NaN)).toEqual({ key: 'validation:number' })
    expect(integer('42')).toBeNull()
    expect(integer('4.2')).toEqual({ key: 'validation:integer' })
    expect(integer(4.2)).toEqual({ key: 'validation:integer' })
    expect(capitalLetters('ÖBB')).toBeNull()
    expect(capitalLetters('Abc')).toEqual({ key: 'validation:capitalLetters' })
  })

  it('counts characters for min and max length and tells the limit', () => {
    expect(minLength(1)('x')).toBeNull()
    expect(maxLength(3)('äöü')).toBeNull()
    const tooLong = maxLength(3)('abcd')
    expect(tooLong).toEqual({ key: 'validation:maxLength', params: { max: 3 } })
    expect(translateMessage(de.t, tooLong ?? { key: '' })).toBe('Höchstens 3 Zeichen sind erlaubt')
    expect(minLength(3)('ab')).toEqual({ key: 'validation:minLength', params: { min: 3 } })
  })

  it('matches a pattern against the whole value', () => {
    expect(pattern(/\d{3}/)('123')).toBeNull()
    expect(pattern(/\d{3}/)('1234')).toEqual({ key: 'validation:pattern' })
  })

  it('checks six digits and matching passwords', () => {
    expect(sixDigits('123456')).toBeNull()
    expect(sixDigits(123456)).toBeNull()
    expect(sixDigits('12345')).toEqual({ key: 'validation:sixDigits' })
    expect(sixDigits('1234567')).toEqual({ key: 'validation:sixDigits' })
    expect(passwordsMatch('a', 'a')).toBeNull()
    expect(passwordsMatch('a', 'b')).toEqual({ key: 'validation:passwordsMatch' })
  })

  it('returns the first failing rule', () => {
    expect(validate('', [required, email])).toEqual({ key: 'validation:required' })
    expect(validate('x', [required, email])).toEqual({ key: 'validation:email' })
    expect(validate('a@b.at', [required, email])).toBeNull()
  })
})

describe('IBAN', () => {
  it('accepts valid IBANs with or without spaces and rejects a wrong checksum', () => {
    expect(iban('AT611904300234573201')).toBeNull()
    expect(iban('AT61 1904 3002 3457 3201')).toBeNull()
    expect(iban('AT611904300234573202')).toEqual({ key: 'validation:iban' })
    expect(iban('DE00')).toEqual({ key: 'validation:iban' })
  })
})

describe('VAT id (UID)', () => {
  it('accepts an Austrian UID with the right check digit', () => {
    expect(vatId('ATU13585627')).toBeNull()
    expect(vatId('atu 135 856 27')).toBeNull()
    expect(isAustrianCheckDigitValid('ATU13585627')).toBe(true)
  })

  it('reports a wrong Austrian check digit as check failed', () => {
    expect(vatId('ATU13585626')).toEqual({ key: 'validation:vatId.checkFailed' })
  })

  it('accepts the formats of other EU countries', () => {
    expect(vatId('DE136695976')).toBeNull()
    expect(vatId('NL004495445B01')).toBeNull()
    expect(vatId('FRK7399859412')).toBeNull()
    expect(vatId('EL094259216')).toBeNull()
  })

  it('names empty, unknown prefix, wrong number format and wrong country', () => {
    expect(vatId('')).toEqual({ key: 'validation:vatId.empty' })
    expect(vatId(undefined)).toEqual({ key: 'validation:vatId.empty' })
    expect(vatId('12345')).toEqual({ key: 'validation:vatId.format' })
    expect(vatId('XY')).toEqual({ key: 'validation:vatId.format' })
    const wrong = vatId('DE12345')
    expect(wrong).toEqual({ key: 'validation:vatId.invalidForCountry', params: { country: 'DE', number: '12345' } })
    expect(translateMessage(de.t, wrong ?? { key: '' })).toBe('Ungültiges UID-Format für Ländercode DE und Nummer 12345')
    expect(vatId('ATU1358562')).toEqual({
      key: 'validation:vatId.invalidForCountry',
      params: { country: 'AT', number: 'U1358562' },
    })
    expect(vatId('DE136695976', { country: 'AT' })).toEqual({
      key: 'validation:vatId.countryMismatch',
      params: { country: 'AT' },
    })
    expect(vatId('EL094259216', { country: 'GR' })).toBeNull()
  })
})

describe('VAT ids outside the EU: by their published format, never the EU rule', () => {
  it('accepts UK, Swiss, Norwegian and US (EIN) ids in their format and names the country of a wrong one', () => {
    for (const id of ['GB123456789', 'GB 123 4567 89', 'GB123456789001', 'GBGD001', 'CHE-123.456.789 MWST', 'CHE123456789TVA', 'CHE-123.456.789', 'NO 123456789 MVA', '12-3456789', 'US123456789']) {
      expect(vatId(id), id).toBeNull()
      expect(vatIdCheckKind(id), id).toBe('nonEu')
    }
    expect(vatId('GB12345')).toEqual({ key: 'validation:vatId.invalidForCountry', params: { country: 'GB', number: '12345' } })
    expect(vatId('CHE-123.456 MWST')).toMatchObject({ key: 'validation:vatId.invalidForCountry', params: { country: 'CH' } })
    expect(vatId('GB123456789', { country: 'AT' })).toEqual({ key: 'validation:vatId.countryMismatch', params: { country: 'AT' } })
    expect(vatId('GB123456789', { country: 'GB' })).toBeNull()
  })

  it('takes any other foreign id as free text that cannot be checked; EU ids keep their check digits', () => {
    expect(vatId('JP T1234567890123')).toBeNull()
    expect(vatIdCheckKind('JP T1234567890123')).toBe('notCheckable')
    expect(vatId('JP T1234567890123', { country: 'JP' })).toBeNull()
    expect(vatId('JP T1234567890123', { country: 'AT' })).toEqual({ key: 'validation:vatId.countryMismatch', params: { country: 'AT' } })
    expect(vatIdCheckKind('ATU13585627')).toBe('eu')
    expect(vatId('ATU13585626')).toEqual({ key: 'validation:vatId.checkFailed' })
  })
})

describe('accounts and register search', () => {
  it('classifies 200000-299999 as customers', () => {
    expect(isCustomerAccount(250000)).toBe(true)
    expect(isCustomerAccount(330000)).toBe(false)
    expect(accountOfKind('customer')('250000')).toBeNull()
    expect(accountOfKind('customer')(330000)).toEqual({
      key: 'validation:customerAccount',
      params: { min: 200000, max: 299999 },
    })
    expect(accountOfKind('supplier')(330000)).toBeNull()
    expect(accountOfKind('supplier')('abc')).toEqual({ key: 'validation:integer' })
  })

  it('cuts the company register search after 50 characters', () => {
    const long = 'Ö'.repeat(60)
    expect(registerSearchText(long)).toBe('Ö'.repeat(50))
    expect(registerSearchText('  FN 123456a ')).toBe('FN 123456a')
  })
})

describe('amounts in exact cents', () => {
  it('parses Austrian and English notations exactly', () => {
    expect(parseCents('1.234,56')).toBe(123456n)
    expect(parseCents('1,234.56')).toBe(123456n)
    expect(parseCents('0,1')).toBe(10n)
    expect(parseCents(0.1)).toBe(10n)
    expect(parseCents('-12.5')).toBe(-1250n)
    expect(parseCents('12.500')).toBe(1250n)
    expect(parseCents('12.345')).toBeNull()
    expect(parseCents('abc')).toBeNull()
  })

  it('computes tax from net and from gross amounts with commercial rounding', () => {
    expect(computeTaxCents({ amount: '100.00', rate: 20 })).toBe(2000n)
    expect(computeTaxCents({ amount: '0.05', rate: 10 })).toBe(1n)
    expect(computeTaxCents({ amount: '120.00', rate: 20, gross: true })).toBe(2000n)
    expect(computeTaxCents({ amount: '10.00', rate: '5.5' })).toBe(55n)
  })

  it('requires the tax amount to equal the computed amount to the cent', () => {
    expect(taxAmount({ amount: '100', rate: 20, tax: '20.00' })).toBeNull()
    expect(taxAmount({ amount: '100', rate: 20, tax: '20,01' })).toEqual({
      key: 'validation:taxAmountMismatch',
      params: { actual: '20.01', expected: '20.00' },
    })
    expect(taxAmount({ amount: 'x', rate: 20, tax: '1' })).toEqual({ key: 'validation:amount' })
  })

  it('checks that the parts sum to the total without float error', () => {
    // 0.1 + 0.2 !== 0.3 in floating point; in cents it adds up.
    expect(totalsSum('0.30', [0.1, 0.2])).toBeNull()
    expect(totalsSum('100.00', ['33.33', '33.33', '33.33'])).toEqual({
      key: 'validation:totalsMismatch',
      params: { sum: '99.99', total: '100.00' },
    })
  })
})
