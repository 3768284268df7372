import { CONTRADICTED_CONFIDENCE, ocrReadingConfidence } from '@portal/sdk/domain'
import { bestCandidates } from './best'
import { addDecimals, sameDecimal } from './money'
import { SEGMENT_GAP, type PageText, type TextLine } from './text/layout'
import type { Candidate, FieldName, TaxLine } from './types'

// The rules' confidences say how much a rule is trusted in general; what the document itself says about the chosen
// values says more. Issue 32: the review's "please check" must mark the values that are wrong, not every value a
// rule of middling trust found. Whether a confidence is marked is the SDK's needsAttention; here the evidence.

/** Confidence of values the document confirms (net + tax = gross, the breakdown adds up, the name stands twice). */
export const CONFIRMED = 0.95
/** The most a value gets when another reading stands about as high (a contest), or a due date precedes the invoice's. */
const DOUBTED = 0.5
/** Two readings closer than this are a contest: the rules could not tell them apart. */
const CONTEST_MARGIN = 0.1
/** A delivery this many days from the invoice date, or a payment due this much later, is not the invoice's. */
const PLAUSIBLE_DAYS = 366

/** What the document says of a chosen value: it confirms it, doubts it mildly, or contradicts it (always marked). */
type Verdict = 'confirmed' | 'doubted' | 'contradicted'

const valueKey = (candidate: Candidate) => (typeof candidate.value === 'string' ? candidate.value : JSON.stringify(candidate.value))
const text = (candidate: Candidate | undefined) => (typeof candidate?.value === 'string' ? candidate.value : null)
const allLines = (pages: readonly PageText[]) => pages.flatMap((page) => page.lines)
const days = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / 86_400_000

/** How often a name stands on the pages as a line's whole cell or at its start (a letterhead repeated in the footer). */
function timesPrinted(name: string, lines: readonly TextLine[]): number {
  const key = name.replace(/\s+/g, ' ').trim().toLowerCase()
  return key.length < 4 ? 0 : lines.filter((line) => line.text.replace(/\s+/g, ' ').trim().toLowerCase().startsWith(key)).length
}

/** The line a candidate was read from (by its page and box) and where in the line's text its value starts. */
function placeOf(candidate: Candidate | undefined, pages: readonly PageText[]): { line: TextLine; index: number; page: PageText } | null {
  const box = candidate?.box
  const page = box ? pages.find((p) => p.page === candidate.page) : undefined
  if (!box || !page) return null
  const middle = box.y + box.height / 2
  const line = page.lines.find((l) => l.box.y - 1 <= middle && middle <= l.box.y + l.box.height + 1 && l.box.x <= box.x + box.width && box.x <= l.box.x + l.box.width)
  const span = line?.spans.find((s) => s.word.box.x + s.word.box.width > box.x + 0.5)
  return line && span ? { line, index: span.start, page } : null
}

// A date as pages print it (01.09.13, 1.6.2026, 2026-06-01, 01/09/2013, July 1, 1. Juli 2026, 05 Juillet 2015) and the
// words that join a period's two ends.
const MONTH = String.raw`(?:j[äa]n|feb|m[äa]r|apr|ma[iy]|jun|jul|aug|sep|o[kc]t|nov|d[ée][zc]|janv|f[ée]v|avr|juin|juil|ao[uû])\p{L}*\.?`
const DATE = String.raw`(?:\d{1,2}\.\s?\d{1,2}\.(?:\s?\d{2,4})?|\d{4}-\d{2}-\d{2}|\d{1,2}/\d{1,2}/\d{2,4}|${MONTH}\s+\d{1,2}(?:\s*,\s*\d{4})?|\d{1,2}\.?\s+${MONTH}(?:\s+\d{2,4})?)`
const TO = String.raw`\s*(?:-|–|—|bis(?:\s+zum)?|to|until|au)\s*`
const PERIOD_FROM = new RegExp(`^${DATE}${TO}${DATE}`, 'iu')
const PERIOD_TO = new RegExp(`${DATE}${TO}$`, 'iu')

/** Whether a date was read as one end of a period printed after its label ("01.09.13 - 30.09.13"). */
function readFromPeriod(candidate: Candidate | undefined, pages: readonly PageText[]): boolean {
  const place = placeOf(candidate, pages)
  if (!place) return false
  const { line, index } = place
  return PERIOD_FROM.test(line.text.slice(index)) || PERIOD_TO.test(line.text.slice(Math.max(0, index - 24), index))
}

const LEGAL_FORM = String.raw`(?:(?:GmbH|GMBH)(?:\s*&\s*Co\.?\s*KG)?|AG|KG|OG|OHG|KGaA|e\.\s?U\.|e\.\s?V\.|a\.\s?G\.|SE|Ltd\.?|LTD\.?|Limited|LIMITED|LLC|Inc\.?|S\.?A\.?R\.?L\.?|S\.A\.|B\.V\.|N\.V\.|Sp\.\s?z\s?o\.o\.)`
const NAME_WORD = String.raw`[\p{L}\d&.'’]*\p{L}[\p{L}\d&.'’-]*`
const COMPANY = new RegExp(String.raw`(?:^|[\s:,·|])(\p{Lu}[\p{L}\d&.'’-]*(?:\s+${NAME_WORD}){0,5}?\s+${LEGAL_FORM})(?=$|[\s,·|])`, 'u')
const LEGAL_WORDS = /^(gmbh|ag|kg|og|ohg|kgaa|co|e|u|v|a|g|se|ltd|limited|llc|inc|sarl|sa|bv|nv|&|und|and|der|die|das|the)$/i
const words = (name: string) => new Set(name.toLowerCase().split(/[^\p{L}\d]+/u).filter((w) => w.length > 1 && !LEGAL_WORDS.test(w)))

/**
 * Companies named in the seller's imprint: the segments of the line where the seller's VAT id stands and of the lines
 * just above it in the same column (a footer's block: name, address, VAT id, register).
 */
function imprintCompanies(vat: Candidate | undefined, pages: readonly PageText[]): string[] {
  const place = placeOf(vat, pages)
  if (!place) return []
  const { line, page } = place
  const column = line.segments.find((s) => s.box.x <= vat!.box!.x + 0.5 && vat!.box!.x < s.box.x + s.box.width) ?? line.segments[0]
  const texts = line.segments.map((s) => s.text)
  let below = line
  for (let i = page.lines.indexOf(line) - 1; i >= 0 && texts.length < line.segments.length + 3; i -= 1) {
    const above = page.lines[i]
    if (below.box.y - (above.box.y + above.box.height) > above.box.height * 1.5) break
    const same = above.segments.find((s) => Math.abs(s.box.x - column.box.x) < 6)
    if (!same) break
    texts.push(same.text)
    below = above
  }
  return texts.flatMap((t) => {
    const match = COMPANY.exec(t)
    return match ? [match[1]] : []
  })
}

const shareWord = (a: Set<string>, b: Set<string>) => [...a].some((w) => b.has(w))

/** Whether a name stands alone in a cell and the other starts the cell just below it: one firm name over two lines. */
function nameOverTwoLines(name: string, other: string, lines: readonly TextLine[]): boolean {
  const key = (t: string) => t.replace(/\s+/g, ' ').trim().toLowerCase()
  const [first, second] = [key(name), key(other)]
  return lines.some((line, i) => line.segments.some((s) => key(s.text) === first) && (lines[i + 1]?.segments.some((s) => key(s.text).startsWith(second)) ?? false))
}

/**
 * Another company in the seller's imprint (beside the seller's VAT id) that shares no word of the chosen seller's name,
 * is not the buyer and is not the second line of the seller's name.
 */
function imprintNamesOther(seller: string, buyer: string | null, vat: Candidate | undefined, pages: readonly PageText[]): boolean {
  const own = words(seller)
  if (own.size === 0) return false
  const buyers = buyer === null ? new Set<string>() : words(buyer)
  const lines = allLines(pages)
  return imprintCompanies(vat, pages).some((company) => {
    const theirs = words(company)
    return theirs.size > 0 && !shareWord(theirs, own) && !shareWord(theirs, buyers) && !nameOverTwoLines(seller, company, lines)
  })
}

const SALUTATION = /\b(?:Sehr\s+geehrte[rs]?|Liebe[rs]?|Dear|Hallo|Guten\s+Tag)\s+(?:Herr|Frau|Mr\.?|Mrs\.?|Ms\.?)\s+(?:(?:Dr|Mag|Ing|DI|Prof)\.?\s+)*([\p{Lu}][\p{L}-]{2,})/u
const ADDRESSEE = /^(?:Herrn?|Frau|Mr\.?|Mrs\.?|Ms\.?)(?:\s|$)/

/**
 * Whether the letter greets a person printed as an addressee ("Herrn" / "Max Mustermann") away from the chosen buyer's
 * lines: then the buyer was read from another block (a sender's office, a branch) than the one the letter is to.
 */
function greetsAnotherAddressee(buyer: Candidate | undefined, pages: readonly PageText[]): boolean {
  const name = text(buyer)
  const place = placeOf(buyer, pages)
  if (name === null || !place) return false
  const lines = place.page.lines
  const surname = lines.map((line) => SALUTATION.exec(line.text)?.[1]).find(Boolean)
  if (!surname || name.toLowerCase().includes(surname.toLowerCase())) return false
  const at = lines.indexOf(place.line)
  const word = new RegExp(`(?:^|\\s)${surname}(?:$|[\\s,])`)
  return lines.some((line, i) => {
    if (SALUTATION.test(line.text) || !word.test(line.text)) return false
    const addressed = ADDRESSEE.test(line.text) || (i > 0 && /^(?:Herrn?|Frau|Mr\.?|Mrs\.?|Ms\.?)$/.test(lines[i - 1].text.trim()))
    return addressed && (i < at - 1 || i > at + 4)
  })
}

/** A label naming another document than the invoice: its number is the order's, the delivery note's, the customer's. */
const OTHER_DOCUMENT_LABEL = /bestell|auftrag|\border|lieferschein|angebot|vertrag|kunden|customer|commande|devis|contrat|client/i

/** A date label naming another event than the invoice's issue (an order, a delivery, a contract, a payment term). */
const OTHER_DATE_LABEL = /bestell|auftrag|liefer|leistung|vertrag|order|deliver|service|ship|versand|fällig|zahlbar|\bdue\b|valuta|skonto|commande|livraison|échéance/i
const INVOICE_WORD = /rechnung|invoice|facture|beleg/i

/** The label cell just before a value on its line ("Vertrags-Datum   : 01.04.2013" → "Vertrags-Datum"). */
function labelBefore(candidate: Candidate | undefined, pages: readonly PageText[]): string | null {
  const place = placeOf(candidate, pages)
  if (!place) return null
  const cells = place.line.text.slice(0, place.index).replace(/[\s:.-]+$/, '').split(SEGMENT_GAP)
  return cells[cells.length - 1]?.trim() || null
}

/** Whether an invoice date was read beside the label of another date (a contract's, a delivery's, an order's). */
function besideOtherDateLabel(candidate: Candidate | undefined, pages: readonly PageText[]): boolean {
  const label = labelBefore(candidate, pages)
  return label !== null && OTHER_DATE_LABEL.test(label) && !INVOICE_WORD.test(label)
}

/** The cell (segment) of its line a candidate was read from: its text before the value, and the whole cell. */
function cellOf(candidate: Candidate | undefined, pages: readonly PageText[]): { before: string; text: string; line: TextLine; page: PageText } | null {
  const place = placeOf(candidate, pages)
  if (!place) return null
  let offset = 0
  for (const segment of place.line.segments) {
    const start = place.line.text.indexOf(segment.text, offset)
    offset = start + segment.text.length
    if (start <= place.index && place.index < offset) return { before: place.line.text.slice(start, place.index), text: segment.text, line: place.line, page: place.page }
  }
  return null
}

// Words by which a text refers to another document ("Rechnung gemäß Bestellung Nr. … vom …", "laut Angebot vom …"), and
// the documents it names; a date that follows them is that document's.
const REFERENCE = /gemäß(?!\s*§)|gem\.(?!\s*§)|\blaut\b|\blt\.|entsprechend|bezüglich|betreffend|according to|as per|with reference to|\bselon\b|suivant|conformément/i
const OTHER_DOCUMENT_WORD = /bestell|auftrag|\border\b|lieferschein|angebot|vertrag|commande|devis|contrat/i
// A cell that holds nothing but the word joining a date to the line above ("vom 01.03.2013." below "… Nr. 2018-471331").
const WRAPPED = /^\s*(?:vom|von|du|of|dated)\s*$/i

/**
 * Whether a date belongs to a reference to another document: the text of its cell before it (with the line above when
 * the date was wrapped onto a line of its own) refers to one ("gemäß", "laut", "according to") or names one (an order,
 * an offer, a delivery note, a contract) after the last word naming the invoice.
 */
function referencesOtherDocument(candidate: Candidate | undefined, pages: readonly PageText[]): boolean {
  const cell = cellOf(candidate, pages)
  if (!cell) return false
  const above = cell.page.lines[cell.page.lines.indexOf(cell.line) - 1]
  const before = WRAPPED.test(cell.before) && above ? `${above.text} ${cell.before}` : cell.before
  const afterInvoice = before.split(INVOICE_WORD).pop() ?? before
  return REFERENCE.test(before) || OTHER_DOCUMENT_WORD.test(afterInvoice)
}

/** Words of a payment: a date in a cell that speaks of one ("wird am … per SEPA-Lastschrift eingezogen") is its date. */
const PAYMENT = /lastschrift|abbuch|eingezogen|einzug|überweis|zahlbar|zahlung|fällig|\bdue\b|payment|paiement|prélèvement|virement|skonto|debit/i

/** Whether a date was read in a cell about a payment, with no word naming the invoice before it. */
function inPaymentCell(candidate: Candidate | undefined, pages: readonly PageText[]): boolean {
  const cell = cellOf(candidate, pages)
  return cell !== null && PAYMENT.test(cell.text) && !INVOICE_WORD.test(cell.before)
}

/** Whether the page says an issue-date reading is another date: another date's label, a period's end, a reference, a payment. */
function notTheIssueDate(candidate: Candidate | undefined, pages: readonly PageText[]): boolean {
  return besideOtherDateLabel(candidate, pages) || readFromPeriod(candidate, pages) || referencesOtherDocument(candidate, pages) || inPaymentCell(candidate, pages)
}

/** A date reading backed by a label or by a line naming the invoice ("Rechnung Nr. 4711 vom …"), not a bare date. */
function backed(candidate: Candidate, pages: readonly PageText[]): boolean {
  if (candidate.label) return true
  const place = placeOf(candidate, pages)
  return place !== null && INVOICE_WORD.test(place.line.text)
}

/**
 * Whether a bare date (no label, no word naming the invoice on its line) was chosen for the invoice date over a backed
 * reading of another date that the page does not rule out: the page gives no reason for the bare one, and one against
 * it (the invoice's own date stands labelled elsewhere), so it is marked like a contradicted value.
 */
function bareOverBacked(chosen: Candidate | undefined, rivals: readonly Candidate[], pages: readonly PageText[]): boolean {
  if (!chosen || backed(chosen, pages)) return false
  return rivals.some((rival) => valueKey(rival) !== valueKey(chosen) && backed(rival, pages) && !notTheIssueDate(rival, pages))
}

/** Confidence changes per field, from what the chosen values say of each other and of the page. */
function evidence(best: Partial<Record<FieldName, Candidate>>, candidates: readonly Candidate[], pages: readonly PageText[]): Map<FieldName, Verdict> {
  const out = new Map<FieldName, Verdict>()
  const lines = allLines(pages)
  // A seller's name printed twice (letterhead and footer) is the seller's as the page states it, unless the imprint
  // beside the seller's VAT id names another company.
  const seller = text(best.seller_name)
  if (seller !== null && timesPrinted(seller, lines) >= 2) out.set('seller_name', 'confirmed')
  if (seller !== null && imprintNamesOther(seller, text(best.buyer_name), best.seller_vat_id, pages)) out.set('seller_name', 'contradicted')
  if (greetsAnotherAddressee(best.buyer_name, pages)) out.set('buyer_name', 'contradicted')
  // A number found beside a label that names another document ("Rechnung gemäß Bestellung Nr.") is not the invoice's.
  if (best.invoice_number?.label !== undefined && OTHER_DOCUMENT_LABEL.test(best.invoice_number.label)) out.set('invoice_number', 'contradicted')
  const [net, tax, gross] = [text(best.total_net), text(best.total_tax), text(best.total_gross)]
  if (net !== null && tax !== null && gross !== null) {
    const sum = addDecimals([net, tax])
    const verdict = sum !== null && sameDecimal(sum, gross) ? 'confirmed' : 'contradicted'
    for (const field of ['total_net', 'total_tax', 'total_gross'] as const) out.set(field, verdict)
    const taxLines = best.tax_breakdown?.value
    if (Array.isArray(taxLines) && taxLines.length > 0 && verdict === 'confirmed') {
      const bases = addDecimals(taxLines.map((line: TaxLine) => line.basis ?? 'x'))
      const taxes = addDecimals(taxLines.map((line: TaxLine) => line.tax ?? 'x'))
      out.set('tax_breakdown', bases !== null && taxes !== null && sameDecimal(bases, net) && sameDecimal(taxes, tax) ? 'confirmed' : 'contradicted')
    }
  }
  // With no amount due printed, the rules take the gross; right for an invoice, not for a credit note (nothing is due).
  const due = text(best.amount_due)
  if (due !== null && gross !== null && out.get('total_gross') === 'confirmed' && sameDecimal(due, gross)) out.set('amount_due', due.startsWith('-') ? 'doubted' : 'confirmed')
  // The invoice date: not one the page names as another date, nor a bare date chosen over a backed reading of another.
  const issueReadings = candidates.filter((c) => c.field === 'issue_date')
  if (notTheIssueDate(best.issue_date, pages) || bareOverBacked(best.issue_date, issueReadings, pages)) out.set('issue_date', 'contradicted')
  // Dates: one end of a period is no single date; the others must sit plausibly beside the invoice date.
  for (const field of ['issue_date', 'delivery_date', 'due_date'] as const) if (readFromPeriod(best[field], pages)) out.set(field, 'contradicted')
  const [issue, dueDate, delivery, skonto] = [text(best.issue_date), text(best.due_date), text(best.delivery_date), text(best.skonto_due_date)]
  if (issue !== null && dueDate !== null && dueDate < issue) out.set('due_date', 'doubted')
  if (issue !== null && dueDate !== null && days(issue, dueDate) > PLAUSIBLE_DAYS) out.set('due_date', 'contradicted')
  if (issue !== null && delivery !== null && Math.abs(days(issue, delivery)) > PLAUSIBLE_DAYS) out.set('delivery_date', 'contradicted')
  if (skonto !== null && ((dueDate !== null && skonto > dueDate) || (issue !== null && skonto < issue))) out.set('skonto_due_date', 'contradicted')
  return out
}

/**
 * The rules' candidates with the chosen value's confidence settled by the document: raised where its arithmetic
 * confirms it, lowered where another value stood about as high (a contest the rules could not decide), and lowered to
 * CONTRADICTED_CONFIDENCE (always marked) where the document contradicts it or OCR read it from a word it doubted
 * (`ocrWordConfidence`, the SDK's ocrReadingConfidence). The choice stays the same: rivals are kept below the chosen value.
 */
export function settleConfidence(candidates: Candidate[], pages: readonly PageText[]): Candidate[] {
  const best = bestCandidates(candidates)
  const verdicts = evidence(best, candidates, pages)
  const settled = new Map<Candidate, Pick<Candidate, 'confidence' | 'evidenceConfidence'>>()
  for (const [field, chosen] of Object.entries(best) as Array<[FieldName, Candidate]>) {
    const rivals = candidates.filter((c) => c.field === field && valueKey(c) !== valueKey(chosen))
    // A reading the page names as another date (an order's, a payment's) does not contest the invoice date.
    const contesting = field === 'issue_date' ? rivals.filter((rival) => !notTheIssueDate(rival, pages)) : rivals
    const contested = contesting.some((rival) => rival.confidence >= chosen.confidence - CONTEST_MARGIN)
    const verdict = verdicts.get(field)
    let confidence = chosen.confidence
    if (verdict === 'confirmed' && !contested) confidence = Math.max(confidence, CONFIRMED)
    if (verdict === 'doubted' || contested) confidence = Math.min(confidence, DOUBTED)
    if (verdict === 'contradicted') confidence = Math.min(confidence, CONTRADICTED_CONFIDENCE)
    // A value OCR read from a word it doubted asks to be checked whatever the evidence (the SDK's rule); the evidence's
    // confidence is kept beside it for the calibration.
    const shown = ocrReadingConfidence(confidence, chosen.ocrWordConfidence)
    settled.set(chosen, shown === confidence ? { confidence } : { confidence: shown, evidenceConfidence: confidence })
    // The rivals stay below: the first of the highest is chosen, and a settled value must not lose its place.
    for (const rival of rivals) if (rival.confidence >= shown) settled.set(rival, { confidence: Math.max(0, shown - 0.01) })
  }
  return candidates.map((candidate) => (settled.has(candidate) ? { ...candidate, ...settled.get(candidate)! } : candidate))
}
