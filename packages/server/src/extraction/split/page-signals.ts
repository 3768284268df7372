import { DEFAULT_SEPARATOR_TEXT } from '@portal/sdk/domain'

// What one page of a scan batch tells about where an invoice begins, read from its text (text layer or OCR) and any
// barcodes or QR codes found on it. Pure: the caller brings the text and the decoded codes.

/** The signals of one page. */
export interface PageSignals {
  page: number
  /** Invoice numbers the page names next to an invoice-number label. */
  invoiceNumbers: string[]
  /** Supplier identities: VAT ids and IBANs (normalised). */
  supplierIds: string[]
  /** The name in the letterhead at the top of the page (a firm with its legal form), normalised; null when none. */
  nameBlock: string | null
  /** "Seite X von N" / "Page X of N": X, when the page has a counter. */
  counter: { page: number; of: number } | null
  blank: boolean
  separator: boolean
}

/** What the signals are read from. */
export interface PageInput {
  page: number
  text: string
  /** Values of barcodes and QR codes found on the page. */
  codes?: readonly string[]
}

// "Rechnungsnummer", "Rechnung Nr.", and the kinds of invoice with their code: "Handelsrechnung (380) Nr.", "Mietrechnung Nr.".
const INVOICE_NUMBER =
  /(?:[a-zäöü]*rechnungs?\s*-?\s*(?:\(\d{3}\)\s*)?(?:nummer|nr\.?|no\.?)|invoice\s*(?:number|no\.?|#)|beleg\s*-?\s*(?:nummer|nr\.?)|re\.?\s*-?\s*nr\.?)\s*[:#]?\s*([A-Za-z0-9][A-Za-z0-9/._-]{1,30})/gi
const VAT_ID = /\b(ATU\s?\d{8}|DE\s?\d{9}|[A-Z]{2}\s?[0-9A-Z]{8,12})\b/g
const UID_LABEL = /(?:UID|USt\.?\s?-?\s?Id|VAT|Umsatzsteuer)/i
const IBAN = /\b([A-Z]{2}\d{2}(?:\s?[0-9A-Z]{4}){3,7}(?:\s?[0-9A-Z]{1,3})?)\b/g
const COUNTER = /(?:seite|page|blatt)\s*(\d{1,3})\s*(?:von|of|\/)\s*(\d{1,3})/i
const PATCH_T = /\bPATCH\s*[- ]?\s*T\b/i

const squash = (value: string): string => value.replace(/\s+/g, '').toUpperCase()

/** Legal forms that mark a line as a firm's name (Austrian, German and the common foreign ones). */
const LEGAL_FORM =
  /(?<![\p{L}\p{N}])(?:GmbH|GMBH|Ges\.?\s?m\.?\s?b\.?\s?H\.?|AG|KG|OG|OHG|KGaA|GesbR|e\.\s?U\.|e\.\s?K\.|UG|SE|Ltd\.?|Limited|plc|Inc\.?|LLC|B\.V\.|N\.V\.|S\.A\.?|SAS|SARL|S\.r\.l\.|Sp\.\s?z\s?o\.o\.)(?![\p{L}\p{N}])/u
/** A label before the name ("Name:", "Lieferant:", "Verkäufer:"), dropped. */
const NAME_LABEL = /^\s*(?:name|firma|lieferant|verkäufer|seller|supplier|from|von)\s*:\s*/iu
/** The letterhead is read from the first lines of a page only: further down, firms are the buyer or named in the text. */
const LETTERHEAD_LINES = 12
/** A line longer than this is a sentence or a sender line, not a name block. */
const NAME_LINE_MAX = 60

/**
 * The firm in the letterhead: the first of the page's top lines that is short and carries a legal form, as the letters
 * and digits of the name without its legal form ("MUSTER-Autovermietung GmbH" and "Muster-Autovermietung" are one).
 */
function nameBlockOf(text: string): string | null {
  for (const raw of text.split('\n').slice(0, LETTERHEAD_LINES)) {
    const line = raw.replace(NAME_LABEL, '').trim()
    if (line.length === 0 || line.length > NAME_LINE_MAX) continue
    const form = LEGAL_FORM.exec(line)
    if (!form) continue
    const name = line.slice(0, form.index).replace(/&\s*Co\.?/giu, '').replace(/[^\p{L}\p{N}]/gu, '').toUpperCase()
    // A name of a few letters ("AG" alone, "& Co. KG") says nothing about who wrote the page.
    if (name.length >= 3) return name
  }
  return null
}

/** Invoice numbers next to their label (a number must hold a digit; words such as "Datum" are not numbers). */
function invoiceNumbersOf(text: string): string[] {
  const found = new Set<string>()
  for (const match of text.matchAll(INVOICE_NUMBER)) {
    const value = match[1].replace(/[.,;:]+$/, '')
    if (/\d/.test(value)) found.add(value.toUpperCase())
  }
  return [...found]
}

/** VAT ids on lines that name one (the buyer's too; the caller drops ids every page shares) and IBANs. */
function supplierIdsOf(text: string): string[] {
  const found = new Set<string>()
  for (const line of text.split('\n')) {
    if (UID_LABEL.test(line)) for (const match of line.matchAll(VAT_ID)) found.add(`vat:${squash(match[1])}`)
    if (/IBAN/i.test(line)) for (const match of line.matchAll(IBAN)) found.add(`iban:${squash(match[1])}`)
  }
  return [...found]
}

/** Reads a page's signals; `separatorText` is the firm's own separator code besides PATCH-T. */
export function pageSignals(input: PageInput, separatorText = DEFAULT_SEPARATOR_TEXT): PageSignals {
  const text = input.text
  const codes = input.codes ?? []
  const counterMatch = COUNTER.exec(text)
  const marker = separatorText.trim().toUpperCase()
  const carries = (value: string) => PATCH_T.test(value) || (marker.length > 0 && value.toUpperCase().includes(marker))
  const words = text.replace(/\s+/g, ' ').trim()
  return {
    page: input.page,
    invoiceNumbers: invoiceNumbersOf(text),
    supplierIds: supplierIdsOf(text),
    nameBlock: nameBlockOf(text),
    counter: counterMatch ? { page: Number(counterMatch[1]), of: Number(counterMatch[2]) } : null,
    // A separator sheet says little else: a full invoice quoting the code is not one.
    separator: codes.some(carries) || (words.length < 200 && carries(words)),
    blank: codes.length === 0 && words.replace(/[^\p{L}\p{N}]/gu, '').length < 3,
  }
}
