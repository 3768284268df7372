import { parsePercentText } from '@portal/sdk/validators'
import { SOURCE_PDF_PARSE } from '../sources'
import type { Candidate, FieldName } from '../types'
import { findAmounts } from './amounts'
import { findDates } from './dates'
import { labels, rangeBox, type Doc, type DocLine } from './document'
import { findLabels } from './labeled'

const ISO_CURRENCIES = ['EUR', 'USD', 'GBP', 'CHF', 'INR', 'JPY', 'CZK', 'HUF', 'PLN', 'SEK', 'DKK', 'NOK', 'HRK', 'RON', 'BGN']
const CURRENCY_LABELS = labels('Währung', 'Rechnungswährung', 'Currency', 'Devise', 'Valuta', 'Beträge in', 'Amounts in')
const ISO_TOKEN = new RegExp(`(?<![A-Z])(${ISO_CURRENCIES.join('|')})(?![A-Z])`)
const SIGNS: Array<[RegExp, string]> = [
  [/€/, 'EUR'],
  [/£/, 'GBP'],
  [/₹|(?<!\p{L})Rs\.?\s?-?\d|rupees/iu, 'INR'],
  [/\$/, 'USD'],
]

function make(field: FieldName, value: string, confidence: number, line: DocLine | null, index = 0, length = 0, label?: string): Candidate {
  return {
    field,
    value,
    source: SOURCE_PDF_PARSE,
    confidence,
    page: line ? line.page : null,
    box: line ? rangeBox(line, index, length) : null,
    ...(label ? { label } : {}),
  }
}

/** Currency: a labelled ISO code first, else the code or sign most used next to amounts. */
export function extractCurrency(doc: Doc): Candidate[] {
  const candidates: Candidate[] = []
  for (const hit of findLabels(doc, CURRENCY_LABELS)) {
    const code = ISO_TOKEN.exec(hit.rest)
    if (code) candidates.push(make('currency', code[1], 0.9, hit.line, hit.restIndex + code.index, 3, 'Währung'))
  }
  const counts = new Map<string, { count: number; line: DocLine; index: number }>()
  const count = (code: string, line: DocLine, index: number) => {
    const entry = counts.get(code) ?? { count: 0, line, index }
    entry.count += 1
    counts.set(code, entry)
  }
  for (const line of doc.lines) {
    for (const amount of findAmounts(line.text)) if (amount.currency) count(amount.currency, line, amount.index)
    for (const match of line.text.matchAll(new RegExp(ISO_TOKEN.source, 'g'))) count(match[1], line, match.index)
    for (const [sign, code] of SIGNS) {
      const match = sign.exec(line.text)
      if (match) count(code, line, match.index)
    }
  }
  const ranked = [...counts.entries()].sort((a, b) => b[1].count - a[1].count)
  if (ranked.length > 0) {
    const [code, { line, index }] = ranked[0]
    candidates.push(make('currency', code, 0.6, line, index, code.length))
  } else if (doc.lines.length > 0) {
    // An invoice that names no currency at all is, for an Austrian firm, in euros.
    candidates.push(make('currency', 'EUR', 0.2, null))
  }
  return candidates
}

const NOTE_RULES: Array<{ field: FieldName; value: string; pattern: RegExp; confidence: number }> = [
  { field: 'payment_method', value: 'sepa_direct_debit', pattern: /(sepa[- ]?lastschrift|lastschrift|bankeinzug|wird .{0,40}abgebucht|buchen .{0,30}ab\b|direct debit|prélèvement)/i, confidence: 0.7 },
  { field: 'payment_method', value: 'paid_cash', pattern: /(bar bezahlt|barzahlung|bar erhalten|betrag erhalten|paid in cash|paid cash|cash payment|en espèces)/i, confidence: 0.7 },
  { field: 'payment_method', value: 'credit_card', pattern: /(kreditkarte|credit card|visa|mastercard|american express|amex|carte bancaire)/i, confidence: 0.6 },
  { field: 'payment_method', value: 'bank_transfer', pattern: /(überweisen|überweisung|bank transfer|wire transfer|virement|remit)/i, confidence: 0.4 },
  { field: 'small_business', value: 'true', pattern: /(kleinunternehmer|§\s*6\s*abs\.?\s*1\s*z(?:iff)?\.?\s*27\s*ustg|§\s*19\s*(abs\.?\s*1\s*)?ustg.{0,40}(nicht|keine|ohne)|umsatzsteuerbefreit.{0,20}kleinunternehmer)/i, confidence: 0.8 },
  { field: 'reverse_charge', value: 'true', pattern: /(reverse[- ]charge|übergang der steuerschuld|steuerschuldnerschaft des leistungsempfängers|steuerschuld geht auf den leistungsempfänger|§\s*19\s*abs\.?\s*1\s*ustg|§\s*13b\s*ustg|autoliquidation)/i, confidence: 0.8 },
]

const SKONTO_WORD = /skonto|escompte/i
const PERCENT = /(?<![\d.,])(\d{1,2}(?:[.,]\d{1,2})?)\s?(?:%|prozent|percent)/giu

/** Where a line names a Skonto; "discount" alone may be an item's price reduction, so it counts beside a payment term. */
function skontoWord(text: string): { index: number; length: number } | null {
  const word = SKONTO_WORD.exec(text) ?? (/paid|payment|within|days/i.test(text) ? /(?<!\p{L})discount(?!\p{L})/iu.exec(text) : null)
  return word ? { index: word.index, length: word[0].length } : null
}

/**
 * The Skonto rate: the percentage standing nearest the word Skonto in its clause ("3 % Skonto bei Zahlung binnen
 * 10 Tagen", "Skonto: 2,5 %", "mit 2 % Skonto oder 30 Tage netto", "2% discount if paid within 10 days"); a rate
 * of VAT on the same line ("20 % MwSt") is further away or in another clause.
 */
function skontoRate(doc: Doc): Candidate | null {
  for (const line of doc.lines) {
    const word = skontoWord(line.text)
    if (!word) continue
    let best: { value: string; index: number; length: number; distance: number } | null = null
    for (const match of line.text.matchAll(PERCENT)) {
      const value = parsePercentText(match[1])
      const end = match.index + match[0].length
      const distance = end <= word.index ? word.index - end : match.index - (word.index + word.length)
      // Within the clause: no comma, semicolon or full stop of a sentence between rate and word.
      const between = line.text.slice(Math.min(end, word.index + word.length), Math.max(match.index, word.index))
      if (!value || distance > 30 || /[;]|[,.](?:\s|$)/.test(between)) continue
      if (!best || distance < best.distance) best = { value, index: match.index, length: match[0].length, distance }
    }
    if (best) return make('skonto_percent', best.value, 0.7, line, best.index, best.length, 'Skonto')
  }
  return null
}

/** Where the clause holding `index` starts: after the last comma or semicolon before it that is not a decimal comma. */
function clauseStartBefore(text: string, index: number): number {
  let start = 0
  for (const separator of text.slice(0, index).matchAll(/;|,(?!\d)/g)) start = separator.index + 1
  return start
}

/** Payment hints, small-business and reverse-charge notes, the Skonto's rate and due date, and the service period. */
export function extractNotes(doc: Doc, issueDate: string | null): Candidate[] {
  const candidates: Candidate[] = []
  for (const rule of NOTE_RULES) {
    const line = doc.lines.find((l) => rule.pattern.test(l.text))
    if (!line) continue
    const match = rule.pattern.exec(line.text)
    candidates.push(make(rule.field, rule.value, rule.confidence, line, match?.index ?? 0, match?.[0].length ?? 0))
  }
  const rate = skontoRate(doc)
  if (rate) candidates.push(rate)
  for (const line of doc.lines) {
    const skonto = /skonto|discount|escompte/i.exec(line.text)
    if (!skonto) continue
    // The date of the clause that names the discount: "3% Skonto innerhalb 10 Tagen bis 15.03.2013" or
    // "Zahlbar bis 01.04. netto, bei Zahlung bis 16.03.2026 2 % Skonto" (not the net due date before the comma).
    const clauseStart = clauseStartBefore(line.text, skonto.index)
    const date = findDates(line.text.slice(clauseStart), doc.order)[0]
    if (date) {
      candidates.push(make('skonto_due_date', date.iso, 0.7, line, clauseStart + date.index, date.length, 'Skonto'))
      break
    }
    // "innerhalb 10 Tagen 3 % Skonto", "8 Tage 2 % Skonto", "2 % Skonto bei Zahlung binnen 8 Tagen"
    const days =
      /(\d{1,3})\s+(?:tage|tagen|days)\s+(?:\d+(?:[.,]\d+)?\s?%\s+)?(?:skonto|discount)/i.exec(line.text) ??
      /(?:skonto|discount)(?:[^,;.]|[.,](?=\d)){0,40}?(?:innerhalb|binnen|within)\s+(?:von\s+)?(\d{1,3})\s+(?:tagen|tage|days)/i.exec(line.text) ??
      /(?:innerhalb|binnen|within)\s+(?:von\s+)?(\d{1,3})\s+(?:tagen|tage|days)(?:[^,;.]|[.,](?=\d)){0,30}(?:skonto|discount)/i.exec(line.text)
    if (days && issueDate) {
      const due = new Date(`${issueDate}T00:00:00Z`)
      due.setUTCDate(due.getUTCDate() + Number(days[1]))
      candidates.push(make('skonto_due_date', due.toISOString().slice(0, 10), 0.5, line, days.index, days[0].length, 'Skonto'))
      break
    }
  }
  const periodLabel = labels('Leistungszeitraum', 'Abrechnungszeitraum', 'Liefer-/Leistungszeitraum', 'Lieferzeitraum', 'Zeitraum', 'Service period', 'Billing period', 'Période')
  for (const hit of findLabels(doc, periodLabel)) {
    const dates = findDates(hit.rest, doc.order)
    if (dates.length < 2) continue
    candidates.push(make('service_period_start', dates[0].iso, 0.7, hit.line, hit.restIndex + dates[0].index, dates[0].length, 'Leistungszeitraum'))
    candidates.push(make('service_period_end', dates[1].iso, 0.7, hit.line, hit.restIndex + dates[1].index, dates[1].length, 'Leistungszeitraum'))
    break
  }
  return candidates
}
