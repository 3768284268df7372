import { addDecimals, canonicalRate, percentOf } from '../money'
import { SOURCE_PDF_PARSE } from '../sources'
import type { Candidate, TaxLine } from '../types'
import { findAmounts } from './amounts'
import { unionBox } from '../text/layout'
import { rangeBox, type Doc, type DocLine } from './document'

const PERCENT = /(?<![\d.,])(\d{1,2}(?:[.,]\d{1,3})?)\s?%/g
// Rates a bare number in a tax row may stand for (columns headed "Steuersatz" print no % sign).
const PLAIN_RATES = new Set(['0', '5', '5.5', '7', '8', '9', '10', '12', '13', '16', '19', '20', '21', '22', '23', '25'])

interface Row {
  line: DocLine
  rate: string
  basis: string
  tax: string
  start: number
  end: number
}

function ratesIn(text: string): string[] {
  const rates = [...text.matchAll(PERCENT)].map((m) => canonicalRate(m[1].replace(',', '.')) ?? '')
  for (const token of text.split(/\s+/)) {
    const rate = canonicalRate(token.replace(',', '.'))
    if (rate && PLAIN_RATES.has(rate)) rates.push(rate)
  }
  return [...new Set(rates.filter((r) => r !== ''))]
}

function differsByAtMostOneCent(a: string, b: string): boolean {
  const difference = addDecimals([a, b.startsWith('-') ? b.slice(1) : '-' + b])
  return difference !== null && /^-?0\.0[01]$/.test(difference)
}

/** Whether an integer amount ("1225.00" as read) is `expected` (two decimals) printed without its decimal separator. */
function lostSeparator(printed: string, expected: string): boolean {
  const digits = expected.replace(/^-/, '').replace('.', '').replace(/^0+(?=\d)/, '')
  return digits.length >= 3 && printed.replace(/^-/, '').replace(/\.00$/, '') === digits
}

/** Rows where a basis times a rate gives the tax printed next to it, as in every VAT summary table. */
function findRows(doc: Doc): Row[] {
  const rows: Row[] = []
  for (const line of doc.lines) {
    const rates = ratesIn(line.text)
    if (rates.length === 0) continue
    const all = findAmounts(line.text)
    const amounts = all.filter((a) => a.decimals)
    for (const rate of rates) {
      for (let i = 0; i < amounts.length; i += 1) {
        const basis = amounts[i]
        // A 0 % row with no basis says nothing; its zeros are more likely the tax and a total beside it, as on a
        // scan where the summary table and the totals column run into one line ("0 % 530,75 0,00 Total taxes 0,00").
        if (rate === '0' && /^-?0\.00$/.test(basis.value)) continue
        const expected = percentOf(basis.value, rate)
        if (expected === null) continue
        for (const tax of all) {
          if (tax.index <= basis.index) continue
          const zero = rate === '0' && /^-?0\.00$/.test(tax.value)
          const read = tax.decimals && !/^-?0\.00$/.test(tax.value) && differsByAtMostOneCent(expected, tax.value)
          if (zero || read) rows.push({ line, rate, basis: basis.value, tax: tax.value, start: basis.index, end: tax.index + tax.length })
          // A scan may lose the tax's decimal comma ("12,25" read as "1225"): the digits of basis × rate, exactly.
          else if (!tax.decimals && lostSeparator(tax.value, expected)) rows.push({ line, rate, basis: basis.value, tax: expected, start: basis.index, end: tax.index + tax.length })
        }
      }
    }
  }
  return rows
}

/** The tax breakdown per rate from the page: one row per rate, the last such row (summaries come last). */
export function extractTaxBreakdown(doc: Doc): { candidates: Candidate[]; netSum: string | null; taxSum: string | null } {
  const rows = findRows(doc)
  if (rows.length === 0) return { candidates: [], netSum: null, taxSum: null }
  const byRate = new Map<string, Row>()
  for (const row of rows) byRate.set(row.rate, row)
  const chosen = [...byRate.values()]
  const lines: TaxLine[] = chosen.map((row) => ({ rate: row.rate, basis: row.basis, tax: row.tax }))
  const netSum = addDecimals(lines.map((l) => l.basis as string))
  const taxSum = addDecimals(lines.map((l) => l.tax as string))
  const first = chosen[0]
  const box = chosen.every((row) => row.line.page === first.line.page)
    ? unionBox(chosen.map((row) => rangeBox(row.line, row.start, row.end - row.start)))
    : rangeBox(first.line, first.start, first.end - first.start)
  const candidate: Candidate = {
    field: 'tax_breakdown',
    value: lines,
    source: SOURCE_PDF_PARSE,
    confidence: 0.6,
    page: first.line.page,
    box,
  }
  return { candidates: [candidate], netSum, taxSum }
}

// On a scan the percent sign may be set apart as a word of its own ("USt 20 % 49,83" read as "USt | 20 | % | 49,83").
const SPACED_PERCENT = /(?<![\d.,])(\d{1,2}(?:[.,]\d{1,3})?)\s*%/g
const TAX_LABEL = /(?<!\p{L})(mwst|ust|umsatzsteuer|vat|tax|tva|steuer|versicherungsteuer|btw)/iu

/**
 * With one rate and no summary table, the breakdown is the whole net at that rate: found from a tax line
 * naming its rate ("19% VAT 108.87", or a header "USt 20 %" over the amount) when net × rate is the tax.
 */
export function singleRateBreakdown(doc: Doc, net: string, tax: string): Candidate | null {
  for (const line of doc.lines) {
    const labelled = TAX_LABEL.test(line.text)
    const matches = [...line.text.matchAll(SPACED_PERCENT)]
    const percents = matches.map((m) => canonicalRate(m[1].replace(',', '.')))
    if (percents.length !== 1 || !percents[0]) continue
    // Net × rate giving the tax total is the evidence; the tax may stand on this line or under its header.
    const expected = percentOf(net, percents[0])
    if (expected === null || !differsByAtMostOneCent(expected, tax)) continue
    const onLine = findAmounts(line.text).filter((a) => a.decimals && a.value === tax)
    // A scan may lose the label ("zzgl. USt 20 % 333,48" read as "zzgl. 20 % 333,48"): the rate with the very tax
    // amount beside it, matching net × rate, is evidence enough.
    if (!labelled && onLine.length === 0) continue
    const amount = onLine.length > 0 ? onLine[onLine.length - 1] : { index: matches[0].index, length: matches[0][0].length }
    return {
      field: 'tax_breakdown',
      value: [{ rate: percents[0], basis: net, tax }],
      source: SOURCE_PDF_PARSE,
      confidence: 0.5,
      page: line.page,
      box: rangeBox(line, amount.index, amount.length),
    }
  }
  return null
}

/**
 * Net equal to the gross with a tax of zero (an exempt or intra-Community supply, reverse charge, a small business)
 * leaves one breakdown: the whole net at 0 %. Used when no row of the page was read as one.
 */
export function zeroRateBreakdown(net: string, tax: string): Candidate | null {
  if (!/^-?0\.00$/.test(tax) || /^-?0\.00$/.test(net)) return null
  return { field: 'tax_breakdown', value: [{ rate: '0', basis: net, tax: '0.00' }], source: SOURCE_PDF_PARSE, confidence: 0.4, page: null, box: null }
}
