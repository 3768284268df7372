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

/**
 * VAT ids of countries outside the EU, by their published format only (their check digits are not checked: an id
 * printed on a UK invoice is accepted when it has the form HMRC publishes). Keys are the prefix as printed; the
 * pattern is applied to the id without spaces, dots and dashes.
 * - GB: HMRC, "VAT registration number": GB + 9 digits, 12 digits (branch), GD + 3 or HA + 3 (government, health).
 * - CH: the Swiss UID (Federal Statistical Office, UID register): CHE + 9 digits, as a VAT id followed by MWST, TVA,
 *   IVA or TPV.
 * - NO: Brønnøysund register: NO + the 9-digit organisation number + MVA.
 * - US: no VAT; the IRS Employer Identification Number (EIN) NN-NNNNNNN, with or without a US prefix.
 */
export const NON_EU_VAT_ID_FORMATS: Readonly<Record<string, RegExp>> = {
  GB: /^GB(\d{9}|\d{12}|GD\d{3}|HA\d{3})$/,
  CH: /^CHE\d{9}(MWST|TVA|IVA|TPV)?$/,
  NO: /^NO\d{9}(MVA)?$/,
  US: /^(US)?\d{9}$/,
}

/** How a VAT id could be checked: an EU id by format, check digits and VIES; a known non-EU id by its format only. */
export type VatIdCheckKind = 'eu' | 'nonEu' | 'notCheckable'

/** Which rule checks `value`: an EU prefix, a known non-EU form, or a foreign id no public rule checks here. */
export function vatIdCheckKind(value: string | null | undefined): VatIdCheckKind {
  const raw = (value ?? '').trim().toUpperCase()
  const normalized = normalizeVatId(raw)
  const prefix = normalized.slice(0, 2)
  if (VAT_ID_FORMATS[prefix]) return 'eu'
  if (/^(US\s*)?\d{2}-\d{7}$/.test(raw) || /^US\d{9}$/.test(normalized)) return 'nonEu'
  if (prefix === 'GB' || prefix === 'CH' || prefix === 'NO') return 'nonEu'
  return 'notCheckable'
}

/** The non-EU format `normalized` has to follow, by its prefix (an EIN has none). */
function nonEuFormat(raw: string, normalized: string): { country: string; format: RegExp } | undefined {
  if (/^\d{2}-\d{7}$/.test(raw) || normalized.startsWith('US')) return { country: 'US', format: NON_EU_VAT_ID_FORMATS.US! }
  const prefix = normalized.startsWith('CHE') ? 'CH' : normalized.slice(0, 2)
  const format = NON_EU_VAT_ID_FORMATS[prefix]
  return format ? { country: prefix, format } : undefined
}

/** Options of vatId. */
export interface VatIdOptions {
  /** ISO country selected in the form (e.g. the address's country); the VAT id must belong to it. */
  country?: string
}

/**
 * Checks a VAT id (UID) by the rule of its country, never one rule for all: an EU id (its VIES prefix) by its number
 * format, the selected country and its check digits (vatCheckDigits.ts); a UK, Swiss, Norwegian or US id by its
 * published format (NON_EU_VAT_ID_FORMATS); any other id that starts with a two-letter country code and has a number
 * is accepted as free text that cannot be checked here (vatIdCheckKind says 'notCheckable'). Without a country code
 * (and not an EIN) it is a format error. Returns the i18n message.
 */
export function vatId(value: string | null | undefined, options: VatIdOptions = {}): ValidationResult {
  const raw = (value ?? '').trim().toUpperCase()
  const normalized = normalizeVatId(raw)
  if (normalized === '') return invalid('validation:vatId.empty')
  const prefix = normalized.slice(0, 2)
  const kind = vatIdCheckKind(raw)
  if (kind === 'nonEu') {
    const rule = nonEuFormat(raw, normalized)
    if (rule && options.country && rule.country !== options.country.toUpperCase()) {
      return invalid('validation:vatId.countryMismatch', { country: options.country.toUpperCase() })
    }
    if (rule && !rule.format.test(normalized)) {
      return invalid('validation:vatId.invalidForCountry', { country: rule.country, number: normalized.replace(/^(GB|CHE|NO|US)/, '') })
    }
    return null
  }
  if (kind === 'notCheckable') {
    // A foreign id the portal has no rule for: accepted as written when it names a country and carries a number.
    if (!(/^[A-Z]{2}[A-Z]?[A-Z0-9]{4,}$/.test(normalized) && /\d/.test(normalized))) return invalid('validation:vatId.format')
    if (options.country && options.country.toUpperCase() !== prefix) return invalid('validation:vatId.countryMismatch', { country: options.country.toUpperCase() })
    return null
  }
  const format = VAT_ID_FORMATS[prefix]!
  if (options.country && vatPrefixOfCountry(options.country) !== prefix) {
    return invalid('validation:vatId.countryMismatch', { country: options.country.toUpperCase() })
  }
  const rest = normalized.slice(2)
  if (!format.test(rest)) return invalid('validation:vatId.invalidForCountry', { country: prefix, number: rest })
  if (!vatCheckDigitsValid(prefix, rest)) return invalid('validation:vatId.checkFailed')
  return null
}
