import { SOURCE_PDF_PARSE } from '../sources'
import type { Candidate } from '../types'
import { findDates } from './dates'
import { rangeBox, type Doc, type DocLine } from './document'

// A term of payment split into its clauses: "3 % Skonto bei Zahlung binnen 10 Tagen, 30 Tage netto" has two; the
// decimal comma of "2,5 % Skonto" parts none.
const CLAUSE = /;|,(?!\d)|\s(?:oder|or|sonst|andernfalls)\s|\.\s/i
const SKONTO = /skonto|discount|escompte/i
// "30 Tage netto", "Zahlungsziel 30 Tage", "innerhalb von 14 Tagen", "binnen 14 Tagen", "within 30 days", "14 Tage nach Rechnungserhalt"
const NET_DAYS = [
  /(\d{1,3})\s*tage?n?\s+(?:rein\s+)?netto/i,
  /zahlungsziel\s*:?\s*(\d{1,3})\s*tage/i,
  /(?:innerhalb|binnen|within)\s+(?:von\s+)?(\d{1,3})\s*(?:tagen|tage|days)/i,
  /(?:zahlbar|payable|zahlungsbedingungen\s*:?)\s+(\d{1,3})\s*(?:tage|days)/i,
  /(\d{1,3})\s*tage?n?\s+(?:nach|ab)\s+(?:rechnungs|erhalt|zugang)/i,
]
// Due at once: "prompt", "sofort ohne Abzug", "sofort fällig", "due upon receipt".
const AT_ONCE = /(?<!\p{L})(?:zahlbar\s+)?(?:prompt|sofort(?:\s+ohne\s+abzug|\s+fällig|\s+nach\s+erhalt)?|fällig\s+sofort|due\s+(?:up)?on\s+receipt|payable\s+immediately)(?!\p{L})/iu
// A direct debit names the day the amount is taken: that day is the due date.
const DEBIT = /(lastschrift|abgebucht|eingezogen|bankeinzug|direct debit|abbuchung)/i

function make(field: 'due_date', value: string, confidence: number, line: DocLine, index: number, length: number, label: string): Candidate {
  return { field, value, source: SOURCE_PDF_PARSE, confidence, page: line.page, box: rangeBox(line, index, length), label }
}

/** An ISO date plus whole days (UTC, so no daylight-saving shift); null for a text that is no date. */
export function plusDays(iso: string, days: number): string | null {
  const date = new Date(`${iso}T00:00:00Z`)
  if (Number.isNaN(date.getTime())) return null
  date.setUTCDate(date.getUTCDate() + days)
  return date.toISOString().slice(0, 10)
}

/**
 * The due date a term of payment sets, counted from the issue date: "zahlbar innerhalb von 14 Tagen",
 * "Zahlungsziel 30 Tage netto", "prompt", "sofort ohne Abzug", the net days of a Skonto term (never its discount
 * days), and the debit day of a SEPA direct-debit note. Below a printed "fällig am"/"zahlbar bis" date in weight.
 */
export function extractDueFromTerms(doc: Doc, issueDate: string | null): Candidate[] {
  const candidates: Candidate[] = []
  for (const line of doc.lines) {
    if (DEBIT.test(line.text)) {
      const date = findDates(line.text, doc.order).find((found) => found.iso !== issueDate)
      if (date) candidates.push(make('due_date', date.iso, 0.65, line, date.index, date.length, 'Lastschrift'))
    }
    if (!issueDate) continue
    let offset = 0
    for (const clause of line.text.split(CLAUSE)) {
      const at = line.text.indexOf(clause, offset)
      offset = at + clause.length
      if (SKONTO.test(clause) || /\d\s*%/.test(clause)) continue
      const days = NET_DAYS.map((pattern) => pattern.exec(clause)).find((match) => match !== null)
      if (days) {
        const due = plusDays(issueDate, Number(days[1]))
        if (due) candidates.push(make('due_date', due, 0.55, line, at + days.index, days[0].length, 'Tage'))
        continue
      }
      const once = AT_ONCE.exec(clause)
      if (once && /zahl|fällig|betrag|payable|due|zahlung/i.test(line.text)) candidates.push(make('due_date', issueDate, 0.5, line, at + once.index, once[0].length, once[0]))
    }
  }
  return candidates
}
