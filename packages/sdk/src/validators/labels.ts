import type { LabelValueKind } from '../domain/fields'
import type { Message } from '../i18n/types'
import { calendarDate, invalidDate } from './dates'
import { parseTaxLines } from './document'
import { iban, normalizeIban } from './iban'
import { formatCents, parseCents, parseDecimal } from './money'
import { invalid } from './result'
import { normalizeVatId, vatId } from './vatId'

/** What parseLabelInput answers: the value as the labels service stores it, or why the text is not one. */
export type LabelInput = { value: string; error?: undefined } | { value?: undefined; error: Message }

const MONTHS: Readonly<Record<string, number>> = {
  jan: 1, januar: 1, january: 1, jänner: 1, jän: 1,
  feb: 2, februar: 2, february: 2,
  mar: 3, mär: 3, märz: 3, march: 3, maerz: 3,
  apr: 4, april: 4,
  mai: 5, may: 5,
  jun: 6, juni: 6, june: 6,
  jul: 7, juli: 7, july: 7,
  aug: 8, august: 8,
  sep: 9, sept: 9, september: 9,
  okt: 10, oct: 10, oktober: 10, october: 10,
  nov: 11, november: 11,
  dez: 12, dec: 12, dezember: 12, december: 12,
}

const CURRENCY_SIGNS: Readonly<Record<string, string>> = { '€': 'EUR', $: 'USD', '£': 'GBP', '¥': 'JPY', 'FR.': 'CHF' }

/** A printed day as YYYY-MM-DD by the one date rule; a two-digit year is of this century. */
function isoDate(year: number, month: number, day: number): string | null {
  return calendarDate(year < 100 ? 2000 + year : year, month, day)
}

/**
 * A date as printed on invoices, to YYYY-MM-DD: 2025-12-31, 31.12.2025, 31.12.25, 31/12/2025 (day first, as in
 * Austria; 12/31/2025 reads month first because 31 is no month), and with month names in German or English
 * (31. Dezember 2025, 31 Dec 2025, December 31, 2025). Null when it is none of these.
 */
export function parseDateText(text: string): string | null {
  const value = text.trim().toLowerCase().replace(/\s+/g, ' ')
  let match = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(value)
  if (match) return isoDate(+match[1], +match[2], +match[3])
  match = /^(\d{1,2})\s?[./-]\s?(\d{1,2})\s?[./-]\s?(\d{2}|\d{4})$/.exec(value)
  if (match) {
    const [first, second, year] = [+match[1], +match[2], +match[3]]
    // Day first (Austrian and German print), unless that cannot be: then month first (12/31/2025).
    return isoDate(year, second, first) ?? (value.includes('/') ? isoDate(year, first, second) : null)
  }
  match = /^(\d{1,2})\.? ([a-zäé]+)\.? (\d{4})$/.exec(value)
  if (match && MONTHS[match[2]]) return isoDate(+match[3], MONTHS[match[2]], +match[1])
  match = /^([a-zäé]+)\.? (\d{1,2}),? (\d{4})$/.exec(value)
  if (match && MONTHS[match[1]]) return isoDate(+match[3], MONTHS[match[1]], +match[2])
  return null
}

/** An amount as printed (1.234,56 · 1,234.56 · € 12,50 · -3.00 EUR), to the decimal the labels service takes (1234.56). */
export function parseAmountText(text: string): string | null {
  const cleaned = text.replace(/[^\d.,+-]/g, '')
  if (!/\d/.test(cleaned)) return null
  // A trailing minus (12,50-) is how some ledgers print a credit.
  const signed = cleaned.endsWith('-') ? `-${cleaned.slice(0, -1)}` : cleaned
  const cents = parseCents(signed)
  if (cents === null) return null
  const absolute = cents < 0n ? -cents : cents
  return absolute >= 10n ** 15n ? null : formatCents(cents)
}

/** A currency as printed (€, EUR, eur, CHF), to its three-letter code. */
export function parseCurrencyText(text: string): string | null {
  const value = text.trim().toUpperCase()
  if (CURRENCY_SIGNS[value]) return CURRENCY_SIGNS[value]
  const letters = value.replace(/[^A-Z]/g, '')
  if (/^[A-Z]{3}$/.test(letters)) return letters
  const sign = Object.keys(CURRENCY_SIGNS).find((s) => value.includes(s))
  return sign ? CURRENCY_SIGNS[sign] : null
}

/** A period as people write it (2026-03, 03/2026, 3.2026, März 2026, Mar 2026), to YYYY-MM; null when it is none. */
export function parsePeriodText(text: string): string | null {
  const value = text.trim().toLowerCase().replace(/\s+/g, ' ')
  const pad = (month: number) => String(month).padStart(2, '0')
  let match = /^(\d{4})-(\d{1,2})$/.exec(value)
  if (match && +match[2] >= 1 && +match[2] <= 12) return `${match[1]}-${pad(+match[2])}`
  match = /^(\d{1,2})\s?[./]\s?(\d{4})$/.exec(value)
  if (match && +match[1] >= 1 && +match[1] <= 12) return `${match[2]}-${pad(+match[1])}`
  match = /^([a-zäé]+)\.? (\d{4})$/.exec(value)
  if (match && MONTHS[match[1]]) return `${match[2]}-${pad(MONTHS[match[1]])}`
  return null
}

/**
 * A rate in percent as printed or typed (3 · 2,5 % · 2.50%), to the decimal the labels service stores without
 * trailing zeros (3, 2.5); null unless it lies above 0 and below 100 with at most two decimals (a Skonto rate).
 */
export function parsePercentText(text: string): string | null {
  const match = /^(\d{1,2})(?:[.,](\d{1,2}))?$/.exec(text.replace(/[\s%]/g, ''))
  if (!match) return null
  const decimals = (match[2] ?? '').replace(/0+$/, '')
  const value = `${Number(match[1])}${decimals ? `.${decimals}` : ''}`
  return Number(value) > 0 ? value : null
}

/** Yes or no as people answer (ja, nein, yes, no, true, false, x), to 'true' / 'false'; null otherwise. */
export function parseBooleanText(text: string): 'true' | 'false' | null {
  const value = text.trim().toLowerCase()
  if (['true', 'ja', 'yes', 'j', 'y', 'x', '1'].includes(value)) return 'true'
  if (['false', 'nein', 'no', 'n', '0', ''].includes(value)) return value === '' ? null : 'false'
  return null
}

/**
 * Tax lines as people type them, one line per rate separated by `;` or new lines, each with the rate (in percent),
 * the taxable amount and the tax in that order (`20 % 100,00 20,00; 10 % 50,00 5,00`), or the stored JSON text;
 * answers the JSON text the labels service takes, or null.
 */
export function parseTaxLinesText(text: string): string | null {
  const value = text.trim()
  if (value.startsWith('[')) {
    const lines = parseTaxLines(value)
    return lines ? JSON.stringify(lines) : null
  }
  const lines: { basis: string; rate: string; tax: string }[] = []
  for (const segment of value.split(/[;\n]+/).map((part) => part.trim()).filter(Boolean)) {
    const numbers = segment.match(/[+-]?\d[\d.,']*/g) ?? []
    if (numbers.length !== 3) return null
    const rate = parseDecimal(numbers[0].replace(',', '.'))
    const basis = parseAmountText(numbers[1])
    const tax = parseAmountText(numbers[2])
    if (!rate || rate.units < 0n || !basis || !tax) return null
    lines.push({ basis, rate: numbers[0].replace(',', '.').replace(/\.0+$/, ''), tax })
  }
  return lines.length > 0 ? JSON.stringify(lines) : null
}

/** Stored tax lines (JSON text) as the editor shows them to be typed over: `20 % 100.00 20.00; 10 % 50.00 5.00`. */
export function taxLinesInputText(json: string): string {
  const lines = parseTaxLines(json)
  return lines ? lines.map((line) => `${line.rate} % ${line.basis ?? '0.00'} ${line.tax ?? '0.00'}`).join('; ') : json
}

/**
 * Reads text a person selected on a page or typed into a field of the given kind, and answers the value the
 * labels service stores (dates YYYY-MM-DD, amounts 1234.56, currency codes, VAT ids and IBANs without spaces),
 * or the validation message (namespace validation) saying what the text should look like.
 */
export function parseLabelInput(kind: LabelValueKind, text: string): LabelInput {
  const value = text.trim().replace(/\s+/g, ' ')
  if (value === '') return { error: invalid('validation:required') }
  switch (kind) {
    case 'date': {
      const date = parseDateText(value)
      return date ? { value: date } : { error: invalidDate() }
    }
    case 'amount': {
      const amount = parseAmountText(value)
      return amount ? { value: amount } : { error: invalid('validation:amount') }
    }
    case 'percent': {
      const percent = parsePercentText(value)
      return percent ? { value: percent } : { error: invalid('validation:percent') }
    }
    case 'currency': {
      const currency = parseCurrencyText(value)
      return currency ? { value: currency } : { error: invalid('validation:currency') }
    }
    case 'vatId': {
      const failure = vatId(value)
      return failure ? { error: failure } : { value: normalizeVatId(value) }
    }
    case 'iban': {
      const failure = iban(value)
      return failure ? { error: failure } : { value: normalizeIban(value) }
    }
    case 'account': {
      const digits = value.replace(/\s+/g, '')
      return /^\d{6}$/.test(digits) ? { value: digits } : { error: invalid('validation:sixDigits') }
    }
    case 'counterAccount': {
      const digits = value.replace(/\s+/g, '')
      return /^\d{1,9}$/.test(digits) ? { value: digits } : { error: invalid('validation:accountNumber') }
    }
    case 'period': {
      const period = parsePeriodText(value)
      return period ? { value: period } : { error: invalid('validation:period') }
    }
    case 'boolean': {
      const answer = parseBooleanText(value)
      return answer ? { value: answer } : { error: invalid('validation:boolean') }
    }
    case 'taxLines': {
      const lines = parseTaxLinesText(value)
      return lines ? { value: lines } : { error: invalid('validation:taxLines') }
    }
    default:
      return value.length > 200 ? { error: invalid('validation:maxLength', { max: 200 }) } : { value }
  }
}
