import { type ValidationResult, invalid } from './result'
import { vatCheckDigitsValid } from './vatCheckDigits'

/**
 * Number part (after the two-letter prefix) of a VAT id (UID) per EU country, as the
 * Commission's VIES service documents them. Greece uses the prefix EL; XI is Northern Ireland.
 */
export const VAT_ID_FORMATS: Readonly<Record<string, RegExp>> = {
  AT: /^U\d{8}$/,
  BE: /^[01]\d{9}$/,
  BG: /^\d{9,10}$/,
  CY: /^\d{8}[A-Z]$/,
  CZ: /^\d{8,10}$/,
  DE: /^\d{9}$/,
  DK: /^\d{8}$/,
  EE: /^\d{9}$/,
  EL: /^\d{9}$/,
  ES: /^[A-Z0-9]\d{7}[A-Z0-9]$/,
  FI: /^\d{8}$/,
  FR: /^[A-HJ-NP-Z0-9]{2}\d{9}$/,
  HR: /^\d{11}$/,
  HU: /^\d{8}$/,
  IE: /^(\d{7}[A-W][A-IW]?|\d[A-Z+*]\d{5}[A-W])$/,
  IT: /^\d{11}$/,
  LT: /^(\d{9}|\d{12})$/,
  LU: /^\d{8}$/,
  LV: /^\d{11}$/,
  MT: /^\d{8}$/,
  NL: /^\d{9}B\d{2}$/,
  PL: /^\d{10}$/,
  PT: /^\d{9}$/,
  RO: /^\d{2,10}$/,
  SE: /^\d{10}01$/,
  SI: /^\d{8}$/,
  SK: /^\d{10}$/,
  XI: /^(\d{9}|\d{12}|GD\d{3}|HA\d{3})$/,
}

/** The VAT prefix of an ISO country code: Greece is GR but its VAT ids start with EL. */
export function vatPrefixOfCountry(country: string): string {
  const upper = country.toUpperCase()
  return upper === 'GR' ? 'EL' : upper
}

/** The VAT id without spaces, dots, dashes or slashes, in capitals. */
export function normalizeVatId(value: string): string {
  return value.replace(/[\s./-]+/g, '').toUpperCase()
}

/**
 * True when an Austrian UID (ATU + 8 digits) has the right check digit: the first seven digits
 * are weighted 1,2,1,2,1,2,1, the digit sums of the products are added, and the eighth digit
 * must be (96 - sum) mod 10.
 */
export function isAustrianCheckDigitValid(vatId: string): boolean {
  const match = /^ATU(\d{8})$/.exec(normalizeVatId(vatId))
  if (!match?.[1]) return false
  const digits = [...match[1]].map(Number)
  const weights = [1, 2, 1, 2, 1, 2, 1]
  const sum = weights.reduce((total, weight, index) => {
    const product = (digits[index] ?? 0) * weight
    return total + Math.floor(product / 10) + (product % 10)
  }, 0)
  return (96 - sum) % 10 === digits[7]
}

/** Options of vatId. */
export interface VatIdOptions {
  /** ISO country selected in the form (e.g. the address's country); the VAT id must belong to it. */
  country?: string
}

/**
 * Checks a VAT id (UID): empty, unknown prefix (format error), wrong number format for its
 * country, not the selected country, and the check digits of every EU country (vatCheckDigits.ts). Returns the i18n
 * message.
 */
export function vatId(value: string | null | undefined, options: VatIdOptions = {}): ValidationResult {
  const normalized = normalizeVatId(value ?? '')
  if (normalized === '') return invalid('validation:vatId.empty')
  const prefix = normalized.slice(0, 2)
  const format = VAT_ID_FORMATS[prefix]
  if (!/^[A-Z]{2}$/.test(prefix) || !format) return invalid('validation:vatId.format')
  if (options.country && vatPrefixOfCountry(options.country) !== prefix) {
    return invalid('validation:vatId.countryMismatch', { country: options.country.toUpperCase() })
  }
  const rest = normalized.slice(2)
  if (!format.test(rest)) return invalid('validation:vatId.invalidForCountry', { country: prefix, number: rest })
  if (!vatCheckDigitsValid(prefix, rest)) return invalid('validation:vatId.checkFailed')
  return null
}
