/**
 * The code lists EN 16931's code list rules (BR-CL-…) name, as far as they can be held here: ISO 4217 currencies
 * (currency-codes, MIT) and ISO 3166-1 countries (i18n-iso-countries, MIT) from maintained packages, the short UN/CEFACT
 * lists written down by us, and the two lists that grow with every release (UN/ECE Rec 20/21 units, VATEX) by the
 * form of their codes. Each list is at least the one of the EN 16931 releases in use, never narrower: a code an
 * official release accepted passes here.
 */
import currencyCodes from 'currency-codes'
import countries from 'i18n-iso-countries/index.js'

/**
 * ISO 4217 alpha-3, and the codes the EN 16931 lists still carried after ISO withdrew them (BYR, HRK, MRO, SLL, STD,
 * VEF, ZWL) or that ISO added after the package's data (XCG, 2025).
 */
const CURRENCIES = new Set([...currencyCodes.codes(), 'BYR', 'HRK', 'MRO', 'SLL', 'STD', 'VEF', 'ZWL', 'XCG'])

/** ISO 3166-1 alpha-2 and the two codes the EN 16931 list adds: 1A (Kosovo) and XI (United Kingdom, Northern Ireland). */
const COUNTRIES = new Set([...Object.keys(countries.getAlpha2Codes()), '1A', 'XI'])

/** UNTDID 1001: the invoice and credit note codes EN 16931 allows (BT-3), either syntax. */
const DOCUMENT_TYPES = new Set(
  (
    '71 80 81 82 83 84 102 130 202 203 204 211 218 219 261 262 295 296 308 325 326 331 380 381 382 383 384 385 386 387 ' +
    '388 389 390 393 394 395 396 420 456 457 458 471 472 473 500 501 502 503 527 532 553 575 623 633 751 780 817 870 875 ' +
    '876 877 935'
  ).split(' '),
)

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, index) => String(from + index))
/** UNCL 4461 payment means (BT-81): 1-70, 74-78, 91-98 and ZZZ (mutually defined). */
const PAYMENT_MEANS = new Set([...range(1, 70), ...range(74, 78), ...range(91, 98), 'ZZZ'])

/** UNCL 5305 as EN 16931 restricts it (BT-95, BT-102, BT-118, BT-151). */
const VAT_CATEGORIES = new Set(['S', 'Z', 'E', 'AE', 'K', 'G', 'O', 'L', 'M', 'B'])

/** UN/ECE Rec 20 (and Rec 21's X-codes) are two or three upper-case letters or digits (C62, H87, XPP, 1I). */
const UNIT_CODE = /^[A-Z0-9]{2,3}$/
/** A VATEX code: VATEX, the EU or a country, the reference of the exemption (VATEX-EU-132-1A, VATEX-FR-FRANCHISE). */
const VATEX_CODE = /^VATEX-[A-Z]{2}-[A-Z0-9]+(?:-[A-Z0-9]+)*$/

const listed = (list: Set<string>) => (code: string) => list.has(code.trim())

export const isCurrencyCode = listed(CURRENCIES)
export const isCountryCode = listed(COUNTRIES)
export const isDocumentTypeCode = listed(DOCUMENT_TYPES)
export const isPaymentMeansCode = listed(PAYMENT_MEANS)
export const isVatCategoryCode = listed(VAT_CATEGORIES)
export const isUnitCode = (code: string): boolean => UNIT_CODE.test(code.trim())
/** VATEX codes are compared in any case, as the official rule does. */
export const isVatexCode = (code: string): boolean => VATEX_CODE.test(code.trim().toUpperCase())
