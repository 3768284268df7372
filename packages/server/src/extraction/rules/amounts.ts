import { parsePrintedAmount } from '../money'

/** An amount printed in a line: exact value and where it stands. */
export interface FoundAmount {
  value: string
  index: number
  length: number
  /** Printed with decimals ("12,00"), which totals nearly always are. */
  decimals: boolean
  /** A currency sign or code stood right before or after it. */
  currency: string | null
}

const CURRENCY_SIGNS: Record<string, string> = { '€': 'EUR', $: 'USD', '£': 'GBP', '₹': 'INR', '¥': 'JPY' }

// A number with optional grouping and two decimals, or a plain integer; signs around it are read by the parser.
// A scan may set the cents apart ("195.460, 90"): taken after three digits or more, where no list ("3, 45") is meant.
const AMOUNT = /(?<![\w.,/:-])([-−]?\s?(?:\d{1,3}(?:[.,' \u00a0\u202f]\d{3})+|\d+)(?:[.,]\d{1,2}|(?<=\d{3})[.,] \d{2}(?!\d))?-?)(?![\w,/]|\.\d|%| ?%)/g
const CODE_BEFORE = /(EUR|USD|CHF|GBP|INR|€|\$|£|₹|Rs\.?)\s*$/
const CODE_AFTER = /^\s*(EUR|USD|CHF|GBP|INR|€|\$|£|₹)/

function currencyOf(sign: string): string {
  if (sign.startsWith('Rs')) return 'INR'
  return CURRENCY_SIGNS[sign] ?? sign
}

// Rules ask for the amounts of the same lines many times; the answers are kept for a while.
const cache = new Map<string, FoundAmount[]>()

/** Every amount in a line of text, left to right; dates, percentages and ids are not amounts. */
export function findAmounts(text: string): FoundAmount[] {
  const cached = cache.get(text)
  if (cached) return cached
  if (cache.size > 20_000) cache.clear()
  const found = scanAmounts(text)
  cache.set(text, found)
  return found
}

function scanAmounts(text: string): FoundAmount[] {
  const found: FoundAmount[] = []
  for (const match of text.matchAll(AMOUNT)) {
    const raw = match[1]
    // A sign may be separated from the digits by one space ("- 12,00").
    const value = parsePrintedAmount(raw.replace(/^([-−])\s/, '$1').replace(/([.,]) (\d{2}-?)$/, '$1$2'))
    if (value === null) continue
    const before = CODE_BEFORE.exec(text.slice(0, match.index))
    const after = CODE_AFTER.exec(text.slice(match.index + raw.length))
    const sign = before?.[1] ?? after?.[1] ?? null
    found.push({
      value,
      index: match.index,
      length: raw.length,
      decimals: /[.,] ?\d{1,2}-?$/.test(raw),
      currency: sign ? currencyOf(sign) : null,
    })
  }
  return found
}
