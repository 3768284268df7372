import { SOURCE_PDF_PARSE } from '../sources'
import type { Candidate, FieldName } from '../types'
import { findAmounts, type FoundAmount } from './amounts'
import { labels, rangeBox, type Doc, type DocLine } from './document'
import { columnBelow, findLabels, laterLabels } from './labeled'

type Role = 'gross' | 'net' | 'tax' | 'due'

const ROLE_LABELS: Array<{ role: Role; score: number; pattern: RegExp }> = [
  {
    role: 'gross',
    score: 3,
    pattern: labels(
      'Gesamtbetrag', 'Rechnungsbetrag', 'Bruttobetrag', 'Bruttosumme', 'Summe brutto', 'Gesamtsumme', 'Endbetrag',
      'Summe inkl', 'Gesamt brutto', 'Total brutto', 'Brutto', 'Grand total', 'Invoice total', 'Total amount',
      'Total incl', 'Total inkl', 'Total TTC', 'Montant TTC', 'Rechnungsbeitrag', 'Total due', 'Gesamtpreis',
      'Rechnungssumme', 'Total Betrag', 'Totaal', 'Amount incl', 'Betrag inkl',
    ),
  },
  { role: 'gross', score: 2, pattern: labels('Total', 'Gesamt', 'Summe', 'Betrag', 'Amount', 'Montant', 'Due payable', 'payable', 'Endsumme') },
  // What is left to pay is usually the gross total, unless prepayments were deducted.
  { role: 'gross', score: 1, pattern: labels('Zahlbetrag', 'zu zahlen', 'Amount due', 'Balance due', 'Te betalen', 'Net à payer') },
  {
    role: 'net',
    score: 3,
    pattern: labels(
      'Nettobetrag', 'Summe netto', 'Nettosumme', 'Netto', 'Gesamt netto', 'Net amount', 'Net total', 'Total net',
      'Subtotal', 'Sub total', 'Zwischensumme', 'ohne USt', 'ohne MwSt', 'exkl', 'excl', 'Total HT', 'Montant HT',
      'Warenwert', 'Gesamtbeitrag', 'Steuerbasis', 'Basisbetrag', 'Nettowert', 'Entgelt', 'Subtotaal', 'Net',
    ),
  },
  {
    role: 'tax',
    score: 3,
    pattern: labels(
      'MwSt', 'Mehrwertsteuer', 'USt', 'Umsatzsteuer', 'VAT', 'Steuerbetrag', 'Steuer', 'Tax', 'TVA', 'BTW',
      'Versicherungsteuer', 'zzgl', 'zuzügl', 'Sales tax', 'GST', 'Taxes', 'Taxe', 'MwSt-Betrag', 'USt-Betrag',
    ),
  },
  {
    role: 'due',
    score: 3,
    pattern: labels('Zahlbetrag', 'zu zahlen', 'Amount due', 'Balance due', 'Zahlungsbetrag', 'Net à payer', 'Offener Betrag', 'Restbetrag', 'Residual', 'Total due', 'Te betalen', 'Solde à payer', 'Reste à payer', 'Solde dû'),
  },
]

const TAX_WORD = labels('MwSt', 'USt', 'VAT', 'Tax', 'TVA', 'Steuer', 'BTW')
const INCLUSIVE = labels('inkl', 'incl', 'TTC', 'Brutto')
const EXCLUSIVE = labels('ohne', 'excl', 'exkl', 'netto', 'net', 'HT', 'zzgl', 'zuzügl', 'plus')

interface Found {
  role: Role
  value: string
  cents: bigint
  score: number
  line: DocLine
  amount: FoundAmount
  label: string
  /** Derived rather than read at a place on the page. */
  synthetic?: boolean
  /** Read in the column below its label (a table's heading) rather than beside it. */
  below?: boolean
}

function cents(value: string): bigint {
  const [whole, fraction = ''] = value.replace('-', '').split('.')
  const units = BigInt(whole) * 100n + BigInt((fraction + '00').slice(0, 2))
  return value.startsWith('-') ? -units : units
}

/** The word a label stands in, hyphenated parts included ("MwSt-Betrag" for "Betrag"). */
function wordAround(text: string, index: number, length: number): string {
  const start = text.slice(0, index).search(/\S*$/)
  const end = index + length + (text.slice(index + length).match(/^\S*/)?.[0].length ?? 0)
  return text.slice(start, end)
}

interface LabeledAmount {
  line: DocLine
  amount: FoundAmount
  label: string
  below: boolean
  /** What tells the total's kind: the label's line beside it; the label's own word over a column. */
  context: string
}

/** The amount a label refers to: the rightmost amount after it on its line, else the one below it. */
function labeledAmount(doc: Doc, pattern: RegExp): LabeledAmount[] {
  const result: LabeledAmount[] = []
  for (const hit of findLabels(doc, pattern)) {
    const after = findAmounts(hit.rest).filter((a) => a.decimals)
    if (after.length > 0) {
      const amount = after[after.length - 1]
      result.push({ line: hit.line, amount: { ...amount, index: amount.index + hit.restIndex }, label: hit.line.text.slice(hit.index, hit.index + hit.length), below: false, context: hit.line.text })
      continue
    }
    // A header row may name several columns of one kind ("Warenwert … Nettobetrag"): each heads its own column.
    for (const heading of [hit, ...laterLabels(hit, pattern)]) {
      for (const cell of columnBelow(doc, heading)) {
        const amounts = findAmounts(cell.text).filter((a) => a.decimals)
        if (amounts.length === 0) continue
        const amount = amounts[amounts.length - 1]
        const label = heading.line.text.slice(heading.index, heading.index + heading.length)
        result.push({ line: cell.line, amount: { ...amount, index: amount.index + cell.index }, label, below: true, context: wordAround(heading.line.text, heading.index, heading.length) })
      }
    }
  }
  return result
}

function collect(doc: Doc): Found[] {
  const found: Found[] = []
  for (const { role, score, pattern } of ROLE_LABELS) {
    for (const { line, amount, label, below, context } of labeledAmount(doc, pattern)) {
      const text = context
      // "Summe inkl. USt" is a gross total although it names the tax; "Summe ohne USt" is a net total.
      if (role === 'tax' && (INCLUSIVE.test(text) || EXCLUSIVE.test(text))) continue
      if (role === 'gross' && EXCLUSIVE.test(text) && !INCLUSIVE.test(text)) continue
      // "VAT total" names a total but is the tax.
      if (role === 'gross' && score < 3 && TAX_WORD.test(text) && !INCLUSIVE.test(text)) continue
      // A total stands beside its label; under a column heading ("Amount") stand items and payments too.
      const trust = below && role === 'gross' ? score - 1 : score
      found.push({ role, value: amount.value, cents: cents(amount.value), score: trust, line, amount, label, below })
    }
  }
  return found
}

const TAX_LABEL = ROLE_LABELS.find((entry) => entry.role === 'tax')!.pattern
// A number of its own (not the digits of an id such as ATU12345675) of three digits or more.
const BARE_NUMBER = /(?<![\p{L}\d.,])\d{3,}(?![\p{L}\d])/u
// "Steuer-Nr. 044 241 601 03", "VAT No.", "Tax ID": the label names a number of the company, not a tax.
const ID_AFTER_LABEL = /^\s*[-.]?\s*(nr|no|nummer|number|id|reg|identification)\b/iu

/** Whether a tax label is followed by a number that is no amount: a figure OCR misread ("37,62" as "37762"). */
function unreadTaxFigure(doc: Doc): boolean {
  return findLabels(doc, TAX_LABEL).some(
    (hit) => !ID_AFTER_LABEL.test(hit.rest) && !findAmounts(hit.rest).some((a) => a.decimals) && BARE_NUMBER.test(hit.rest),
  )
}

/** Every decimal amount of the document, as weak candidates for any role. */
function anyAmounts(doc: Doc): Found[] {
  const found: Found[] = []
  for (const line of doc.lines) {
    for (const amount of findAmounts(line.text)) {
      if (!amount.decimals) continue
      found.push({ role: 'net', value: amount.value, cents: cents(amount.value), score: 0, line, amount, label: '' })
    }
  }
  return found
}

// VAT rates of the EU member states and their neighbours, in per cent (Austria: 20, 13, 10).
const VAT_RATES = [20, 19, 13, 10, 7, 5.5, 5, 8.1, 2.6, 3.8, 21, 22, 23, 24, 25, 27, 6, 9, 12, 15, 16, 17, 18, 14]

/** Whether `tax` can be the VAT of `net` at all: no rate in Europe is above 27 % (a cent's rounding allowed). */
function plausibleTax(tax: bigint, net: bigint): boolean {
  const [t, n] = [tax < 0n ? -tax : tax, net < 0n ? -net : net]
  return t * 1000n <= n * 275n + 1000n
}

/** Whether `tax` is one of the usual rates of `net`, to the cent either way (rounding per line). */
function isVatOf(tax: bigint, net: bigint): boolean {
  if (net === 0n || tax === 0n || (tax < 0n) !== (net < 0n)) return false
  const taxCents = Number(tax < 0n ? -tax : tax)
  const netCents = Number(net < 0n ? -net : net)
  return VAT_RATES.some((rate) => Math.abs(taxCents - (netCents * rate) / 100) <= 1)
}

function centsText(value: bigint): string {
  const sign = value < 0n ? '-' : ''
  const units = value < 0n ? -value : value
  return `${sign}${units / 100n}.${String(units % 100n).padStart(2, '0')}`
}

function negate(value: string): string {
  return value.startsWith('-') ? value.slice(1) : '-' + value
}

function candidate(field: FieldName, found: Found, confidence: number): Candidate {
  return {
    field,
    value: found.value,
    source: SOURCE_PDF_PARSE,
    confidence,
    page: found.synthetic ? null : found.line.page,
    box: found.synthetic ? null : rangeBox(found.line, found.amount.index, found.amount.length),
    ...(found.label ? { label: found.label } : {}),
  }
}

/** Hints from a tax breakdown: the exact sums of its bases and taxes. */
export interface TotalsHints {
  netSum: string | null
  taxSum: string | null
}

/**
 * Finds gross, net and tax totals that add up exactly (net + tax = gross), preferring labelled amounts and
 * amounts that equal the sums of the tax breakdown; the amount due comes from its own labels.
 */
export function extractTotals(doc: Doc, hints: TotalsHints): Candidate[] {
  const labelled = collect(doc)
  const weak = anyAmounts(doc)
  const gross = labelled.filter((f) => f.role === 'gross')
  const net = [...labelled.filter((f) => f.role === 'net'), ...weak]
  const tax = [...labelled.filter((f) => f.role === 'tax'), ...weak]
  const netSum = hints.netSum ? cents(hints.netSum) : null
  const taxSum = hints.taxSum ? cents(hints.taxSum) : null
  // A tax figure printed beside its label (read, or a number that did not read as an amount); a "MwSt."
  // heading above a column of item amounts is not one.
  const taxPrinted = labelled.some((f) => f.role === 'tax' && f.cents !== 0n && !f.below) || unreadTaxFigure(doc)
  // "Steuerbetrag 0,00" beside its label says no tax as surely as a breakdown summing to zero.
  const noTax = taxSum === 0n || (!taxPrinted && labelled.some((f) => f.role === 'tax' && f.cents === 0n && !f.below))
  let best: { score: number; g: Found; n: Found | null; t: Found | null } | null = null
  const consider = (score: number, g: Found, n: Found | null, t: Found | null) => {
    // Later lines win ties: totals stand at the end of an invoice.
    const better = !best || score > best.score || (score === best.score && g.line.index > best.g.line.index)
    if (better) best = { score, g, n, t }
  }
  for (const g of gross) {
    consider(g.score, g, null, null)
    // The breakdown's sums adding up to the labelled total exactly: net and tax are known even where their own
    // figures were misread ("Total HT -21 8,48"), trusted less than the same figures read beside their labels.
    if (netSum !== null && taxSum !== null && hints.netSum && hints.taxSum && netSum !== 0n && netSum + taxSum === g.cents) {
      const derived = (role: Role, value: string, cents: bigint): Found => ({ ...g, role, value, cents, score: 0, label: '', synthetic: true })
      consider(g.score + 4, g, derived('net', hints.netSum, netSum), derived('tax', hints.taxSum, taxSum))
    }
    for (const printedNet of net) {
      if (printedNet === g || printedNet.cents === 0n) continue
      // A credit note may print its net without the minus sign (or a scan loses it): a labelled net is
      // tried both ways when the total is negative.
      const flippedNet = { ...printedNet, cents: -printedNet.cents, value: negate(printedNet.value) }
      const nets = g.cents < 0n && printedNet.cents > 0n && printedNet.score > 0 ? [printedNet, flippedNet] : [printedNet]
      for (const n of nets) {
        const rest = g.cents - n.cents
        const nScore = n.score + (netSum !== null && n.cents === netSum ? 2 : 0)
        if (rest === 0n) {
          // Net equal to gross says "no tax" when a label calls it net, or nothing on the page names a tax
          // other than zero; an amount that merely repeats the total beside a tax figure says nothing.
          if (n.score > 0 || noTax || !taxPrinted) consider(g.score + nScore + (noTax ? 3 : 0.5), g, n, null)
          continue
        }
        let taxRead = false
        for (const t of tax) {
          if (t === g || t === printedNet) continue
          // Credit notes sometimes print the tax without its minus sign.
          const flipped = t.cents === -rest && rest < 0n
          if (t.cents !== rest && !flipped) continue
          // Net and tax carry the same sign (a credit note has both negative), and no VAT is over a quarter of the net
          // (two item amounts of 1,000.00 are not net and tax of a 2,000.00 total).
          if ((rest < 0n && n.cents > 0n) || (rest > 0n && n.cents < 0n) || !plausibleTax(rest, n.cents)) continue
          const tScore = t.score + (taxSum !== null && (t.cents === taxSum || -t.cents === taxSum) ? 2 : 0)
          const chosenTax = flipped ? { ...t, cents: rest, value: negate(t.value) } : t
          consider(g.score + nScore + tScore + 1, g, n, chosenTax)
          taxRead = true
        }
        // A labelled net and gross whose difference is a usual VAT rate of the net: the tax amount itself
        // was not read (a scan's "37,62" as "37762"), the invoice's arithmetic gives it, trusted less.
        if (!taxRead && n.score > 0 && isVatOf(rest, n.cents)) {
          consider(g.score + nScore + 0.5, g, n, { ...g, role: 'tax', value: centsText(rest), cents: rest, score: 0, label: '', synthetic: true })
        }
        // The tax total may be unreadable (split over lines) while the breakdown's sum fits exactly.
        if (taxSum !== null && rest === taxSum && hints.taxSum) {
          consider(g.score + nScore + 3, g, n, { ...g, role: 'tax', value: hints.taxSum, cents: taxSum, score: 0, label: '', synthetic: true })
        }
      }
    }
  }
  if (!best) {
    // No labelled gross total: an amount anywhere that is exactly labelled net plus labelled tax.
    const labelledNet = labelled.filter((f) => f.role === 'net')
    const labelledTax = labelled.filter((f) => f.role === 'tax')
    for (const n of labelledNet) {
      for (const t of labelledTax) {
        const g = weak.find((w) => w.cents === n.cents + t.cents && w.line.index >= Math.max(n.line.index, t.line.index))
        if (g) consider(n.score + t.score, g, n, t)
      }
    }
  }
  const result: Candidate[] = []
  const due = labelled.filter((f) => f.role === 'due')
  if (best) {
    const chosen = best as { score: number; g: Found; n: Found | null; t: Found | null }
    const confidence = Math.min(0.95, 0.3 + chosen.score / 15)
    result.push(candidate('total_gross', chosen.g, confidence))
    if (chosen.n) result.push(candidate('total_net', chosen.n, confidence))
    if (chosen.t) result.push(candidate('total_tax', chosen.t, confidence))
    else if (chosen.n) result.push({ ...candidate('total_tax', chosen.n, confidence), value: '0.00', box: null, page: null })
    const dueFound = due.length > 0 ? due[due.length - 1] : chosen.g
    result.push(candidate('amount_due', dueFound, due.length > 0 ? 0.7 : 0.4))
  }
  return result
}
