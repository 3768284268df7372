import { SOURCE_PDF_PARSE } from '../sources'
import type { Candidate, FieldName } from '../types'
import { findDates } from './dates'
import { labels, rangeBox, type Doc, type DocLine } from './document'
import { columnBelow, findLabels, segmentRightOf, type LabelHit } from './labeled'

const NUMBER_LABELS = labels(
  'Rechnungsnummer', 'Rechnungs-Nr', 'Rechnungsnr', 'Rechnung Nr', 'Rechnung #', 'Rechnung No', 'Invoice number',
  'Invoice No', 'Invoice Nr', 'Invoice #', 'Invoice ID', 'Beleg-Nr', 'Belegnummer', 'Belegnr', 'Factuurnummer',
  'Facture n°', 'Facture No', 'Numéro de facture', 'Gutschriftsnummer', 'Gutschrift Nr', 'Bill No', 'Bill number',
  'Re-Nr', 'Re.-Nr', 'Rg-Nr', 'Rg.-Nr', 'Rechn.-Nr', 'Dokumentnummer',
)
// "Handelsrechnung (380) Nr. 471102", "Rechnung des Versicherers (575) Nr. 00.123": a document title, then Nr.
const TITLE_NUMBER = /(?<!\p{L})(\p{L}*(?:rechnung|gutschrift|rechnungskorrektur)\p{L}*|invoice|facture|avoir|credit note)(?:[^\n]{0,40}?)(?<!\p{L})(nr\.?|no\.?|n°|#|nummer|number)\s*[:.]?\s*/iu
const TITLE_ONLY = /^\s*(rechnung|invoice|facture|avoir|gutschrift|credit note|factuur)\s+(?=\S*\d)/iu
// A header cell that is only the word: the number stands in the cell below.
const COLUMN_NUMBER = /^(factuur|rechnung|invoice|facture|rechnungsnummer|rechnungsnr\.?|invoice no\.?|invoice number|belegnr\.?|beleg-nr\.?)$/i
// A comma after the label is the period of "Nr." as OCR often reads it from a scan ("Rechnung Nr, R262751").
const TOKEN = /^[\s:#.,]*((?:[A-Z0-9][A-Z0-9\-/._]*[A-Z0-9])|[0-9])(?![\p{L}\d])/iu

const ISSUE_LABELS = labels(
  'Rechnungsdatum', 'Rechnungs-Datum', 'Invoice date', 'Date of invoice', 'Belegdatum', 'Beleg-Datum',
  'Ausstellungsdatum', 'Factuurdatum', 'Factuur datum', 'Date de facture', 'Date facture', 'Billing date', 'Invoice Date',
)
const GENERIC_DATE_LABELS = labels('Datum', 'Date')
const NOT_ISSUE = /(liefer|leistung|order|bestell|due|fällig|delivery|lever|verval|échéance|auftrag|shipment|zahl|payment|geburt)\S*\s*$/i
const AFTER_NUMBER = /(?<!\p{L})(vom|von|du|issued at|issued on|dated|date|den)\s*:?\s*$/iu
const DUE_LABELS = labels(
  'Fälligkeitsdatum', 'Fälligkeit', 'fällig am', 'fällig bis', 'zahlbar bis', 'Zahlungsziel', 'Due date', 'Payment due',
  'payable by', 'remit until', 'pay by', "Date d'échéance", 'Échéance', 'Vervaldatum', 'zahlbar am', 'bis zum', 'netto bis',
  'Date limite de paiement', 'Zahlungstermin', 'Abbuchung am',
)
// Bounded repeats: the text before a label may be a hostile line of any length.
const NOT_DUE = /skonto(?:[^,;.]|[.,](?=\d)){0,120}$|(?<!\p{L})(?:vom|von|from|ab)\s+\d[\d./ -]{0,20}(?:\p{L}+\.?\s+\d{2,4})?\s*$/iu
const DELIVERY_LABELS = labels(
  'Liefer- und Leistungsdatum', 'Lieferdatum', 'Leistungsdatum', 'Leistungs-Datum', 'Liefertag', 'Date of delivery',
  'Delivery date', 'Lieferung am', 'Date de livraison', 'Leverdatum',
)

function make(field: FieldName, value: string, confidence: number, line: DocLine, index: number, length: number, label: string): Candidate {
  return { field, value, source: SOURCE_PDF_PARSE, confidence, page: line.page, box: rangeBox(line, index, length), label }
}

function labelText(hit: LabelHit): string {
  return hit.line.text.slice(hit.index, hit.index + hit.length)
}

function isDateLike(token: string): boolean {
  return findDates(token).length > 0 || /^\d{1,2}[./]\d{1,2}[./]?$/.test(token)
}

/** The identifier (letters, digits, - / . _) at the start of a text, if it holds a digit and is not a date. */
export function tokenAt(text: string): { value: string; offset: number; length: number } | null {
  const match = TOKEN.exec(text)
  if (!match || !/\d/.test(match[1]) || match[1].length > 40 || isDateLike(match[1])) return null
  return { value: match[1], offset: match.index + match[0].length - match[1].length, length: match[1].length }
}

/** Invoice number candidates: after a number label, after a title's "Nr.", under a header, or after the title. */
export function extractInvoiceNumber(doc: Doc): Candidate[] {
  const candidates: Candidate[] = []
  for (const hit of findLabels(doc, NUMBER_LABELS)) {
    const token = tokenAt(hit.rest)
    if (token) {
      candidates.push(make('invoice_number', token.value, 0.85, hit.line, hit.restIndex + token.offset, token.length, labelText(hit)))
      continue
    }
    // A value grouped into a neighbouring line counts only when nothing else follows the label on its own line: in a
    // header row ("Rechnungsnr. | Datum | Kd.-Nr. | Bestellung") over a skewed scan, the row's last cell rises beside it.
    const beside = hit.rest.trim().replace(/^[:.#]/, '').trim() === '' ? segmentRightOf(doc, hit) : null
    const besideToken = beside ? tokenAt(beside.text) : null
    if (beside && besideToken) {
      candidates.push(make('invoice_number', besideToken.value, 0.8, beside.line, beside.index + besideToken.offset, besideToken.length, labelText(hit)))
      continue
    }
    const cell = columnBelow(doc, hit, 1)[0]
    const below = cell ? tokenAt(cell.text) : null
    if (cell && below) candidates.push(make('invoice_number', below.value, 0.75, cell.line, cell.index + below.offset, below.length, labelText(hit)))
  }
  for (const line of doc.lines) {
    const title = TITLE_NUMBER.exec(line.text)
    if (title) {
      const rest = line.text.slice(title.index + title[0].length)
      const token = tokenAt(rest)
      // "Rechnung gemäß Bestellung Nr. 4711" names the order, not the invoice.
      const other = /(bestell|auftrag|order|kunden|customer|lieferschein|vertrag|referenz)/i.test(title[0])
      const confidence = other ? 0.3 : 0.8
      if (token) candidates.push(make('invoice_number', token.value, confidence, line, title.index + title[0].length + token.offset, token.length, title[0].trim()))
    }
    const only = TITLE_ONLY.exec(line.text)
    if (only) {
      const token = tokenAt(line.text.slice(only[0].length))
      if (token) candidates.push(make('invoice_number', token.value, 0.55, line, only[0].length + token.offset, token.length, only[1]))
    }
  }
  // Table headers ("Klant  Order  Factuur datum  Factuur  Vervaldatum") with the values in the row below.
  for (const line of doc.lines) {
    let offset = 0
    for (const segment of line.line.segments) {
      const index = line.text.indexOf(segment.text, offset)
      offset = index + segment.text.length
      if (!COLUMN_NUMBER.test(segment.text.trim())) continue
      const hit: LabelHit = { line, index, length: segment.text.length, rest: '', restIndex: offset }
      const cell = columnBelow(doc, hit, 1)[0]
      const token = cell ? tokenAt(cell.text) : null
      if (cell && token) candidates.push(make('invoice_number', token.value, 0.5, cell.line, cell.index + token.offset, token.length, segment.text.trim()))
    }
  }
  return candidates
}

/** The first date after a label on its line, or in the column below it. */
function datesAfter(doc: Doc, pattern: RegExp, field: FieldName, confidence: number, skip?: RegExp): Candidate[] {
  const candidates: Candidate[] = []
  for (const hit of findLabels(doc, pattern)) {
    if (skip && skip.test(hit.line.text.slice(0, hit.index))) continue
    const date = findDates(hit.rest, doc.order)[0]
    if (date && date.index < 40) {
      candidates.push(make(field, date.iso, confidence, hit.line, hit.restIndex + date.index, date.length, labelText(hit)))
      continue
    }
    const beside = segmentRightOf(doc, hit)
    const besideDate = beside ? findDates(beside.text, doc.order)[0] : undefined
    if (beside && besideDate && hit.rest.trim().replace(/^[:.]/, '').trim() === '') {
      candidates.push(make(field, besideDate.iso, confidence, beside.line, beside.index + besideDate.index, besideDate.length, labelText(hit)))
      continue
    }
    const cell = columnBelow(doc, hit, 1)[0]
    const below = cell ? findDates(cell.text, doc.order)[0] : undefined
    if (cell && below) candidates.push(make(field, below.iso, confidence - 0.1, cell.line, cell.index + below.index, below.length, labelText(hit)))
  }
  return candidates
}

/** Issue date, due date and delivery date candidates. */
export function extractDates(doc: Doc): Candidate[] {
  const candidates = [
    ...datesAfter(doc, ISSUE_LABELS, 'issue_date', 0.9),
    ...datesAfter(doc, GENERIC_DATE_LABELS, 'issue_date', 0.6, NOT_ISSUE),
    // Not the date of a Skonto clause ("2 % Skonto bis zum 15.03."; a net term after it, "…, zahlbar bis 30.03. netto",
    // counts), nor the end of a period ("Zeitraum vom 06.12.2013 bis zum 06.12.2014").
    ...datesAfter(doc, DUE_LABELS, 'due_date', 0.7, NOT_DUE),
    ...datesAfter(doc, DELIVERY_LABELS, 'delivery_date', 0.8),
  ]
  for (const line of doc.lines) {
    // "Innsbruck, am 25.06.25", "Eisenstadt, 22. Juli 2026", "München, den 05.03.2026": the date of a letter.
    const placed = placeAndDate(line, doc)
    if (placed) candidates.push(placed)
    // "Rechnung Nr. 4711 vom 05.03.2026", "Beitragsrechnung 24. Januar 2014"
    if (!/(rechnung|invoice|facture|gutschrift|avoir|factuur)/i.test(line.text)) continue
    const date = findDates(line.text, doc.order)[0]
    if (date) {
      const confidence = AFTER_NUMBER.test(line.text.slice(0, date.index)) ? 0.85 : 0.45
      candidates.push(make('issue_date', date.iso, confidence, line, date.index, date.length, ''))
      continue
    }
    // "... Nr. 4711 vom" with the date wrapped onto the next line.
    const next = doc.lines[line.index + 1]
    const wrapped = next ? findDates(next.text, doc.order)[0] : undefined
    const joined = wrapped ? `${line.text} ${next.text.slice(0, wrapped.index)}` : ''
    if (next && wrapped && wrapped.index < 8 && AFTER_NUMBER.test(joined)) candidates.push(make('issue_date', wrapped.iso, 0.85, next, wrapped.index, wrapped.length, ''))
  }
  // The last resort: the first date on the page that no other label claims (not a delivery, service, order or due date).
  const first = doc.lines
    .map((line) => ({ line, date: findDates(line.text, doc.order).find((date) => !OTHER_DATE.test(line.text.slice(Math.max(0, date.index - 40), date.index))) }))
    .find((entry) => entry.date)
  if (first?.date) candidates.push(make('issue_date', first.date.iso, 0.2, first.line, first.date.index, first.date.length, ''))
  return candidates
}

// A date some label claims for another purpose: delivery, service, order, due, period ("vom … bis …").
const OTHER_DATE = /(liefer|leistung|bestell|auftrag|order|delivery|fällig|zahlbar|due|skonto|zeitraum|period|geburt|(?<!\p{L})(?:vom|von|bis|ab|from|until)(?!\p{L}))[^\d]{0,30}$/iu
// "Innsbruck, am", "St. Pölten, den", "Wiener Neustadt,", "Linz/Donau,": a town of up to four words, a comma, "am"/"den".
const PLACE_BEFORE_DATE = /^(\p{Lu}[\p{L}.'’-]*(?:[ /]+(?:\p{Lu}[\p{L}.'’-]*|an der|am|im|bei|in|ob|a\.\s?d\.))*?)\s*,\s*(?:(?:am|den|im|on|le)\s+)?$/u

/**
 * The date of a place-and-date line: a town, a comma, maybe "am"/"den", and a date that ends its cell; the town may
 * stand in the cell before the date's ("München, den   01.11.2024"). A letter's date is the invoice's date; it is
 * trusted below a "Rechnungsdatum" label, above a bare "Datum".
 */
function placeAndDate(line: DocLine, doc: Doc): Candidate | null {
  const cells: Array<{ start: number; end: number }> = []
  let offset = 0
  for (const segment of line.line.segments) {
    const start = line.text.indexOf(segment.text, offset)
    offset = start + segment.text.length
    cells.push({ start, end: offset })
  }
  for (const date of findDates(line.text, doc.order)) {
    const cell = cells.find((c) => c.start <= date.index && date.index < c.end)
    if (!cell || line.text.slice(date.index + date.length, cell.end).trim() !== '') continue
    for (const from of cells.filter((c) => c.start <= date.index).map((c) => c.start)) {
      const place = PLACE_BEFORE_DATE.exec(line.text.slice(from, date.index).trimStart())
      if (place && place[1].length <= 40) return make('issue_date', date.iso, 0.8, line, date.index, date.length, place[0].trim())
    }
  }
  return null
}
