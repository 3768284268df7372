import { sameDecimal } from '../money'
import { findAmounts } from '../rules/amounts'
import { findDates } from '../rules/dates'
import type { PageText } from '../text/layout'
import type { FieldName, TaxLine } from '../types'

const MONEY: FieldName[] = ['total_gross', 'total_net', 'total_tax', 'amount_due']

/** Everything printed on a document's pages, indexed the ways truth values are compared. */
export interface PrintedText {
  squashed: string
  dates: Set<string>
  amounts: string[]
}

/** Indexes a document's text for `isPrinted`. */
export function printedText(pages: PageText[]): PrintedText {
  const lines = pages.flatMap((page) => page.lines.map((line) => line.text))
  const dates = new Set<string>()
  for (const line of lines) {
    for (const order of ['dmy', 'mdy'] as const) for (const date of findDates(line, order)) dates.add(date.iso)
  }
  return {
    squashed: lines.join('').replace(/\s+/g, '').toUpperCase(),
    dates,
    amounts: lines.flatMap((line) => findAmounts(line).map((a) => a.value)),
  }
}

/**
 * Whether the truth's value is printed on the page at all. The corpora's truth comes from the embedded
 * XML, and some pages print other values (another year, another invoice number): those misses say
 * nothing about reading the page.
 */
export function isPrinted(field: FieldName, expected: string | TaxLine[], printed: PrintedText): boolean {
  if (Array.isArray(expected)) return expected.every((line) => line.tax === null || isPrinted('total_tax', line.tax, printed))
  if (MONEY.includes(field)) {
    const absolute = expected.replace(/^-/, '')
    return printed.amounts.some((amount) => sameDecimal(amount.replace(/^-/, ''), absolute))
  }
  if (/^\d{4}-\d{2}-\d{2}$/.test(expected)) return printed.dates.has(expected)
  // An address is stated on one line but printed as lines of a block: each of its parts must be on the page.
  if (field === 'buyer_address') return expected.split(',').every((part) => isPrinted('buyer_name', part, printed))
  return printed.squashed.includes(expected.replace(/\s+/g, '').toUpperCase())
}
