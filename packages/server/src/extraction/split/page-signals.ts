import { DEFAULT_SEPARATOR_TEXT } from '@portal/sdk/domain'

// What one page of a scan batch tells about where an invoice begins, read from its text (text layer or OCR) and any
// barcodes or QR codes found on it. Pure: the caller brings the text and the decoded codes.

/** The signals of one page. */
export interface PageSignals {
  page: number
  /** Invoice numbers the page names next to an invoice-number label. */
  invoiceNumbers: string[]
  /** Supplier identities: VAT ids and IBANs (normalised), and the name block's first line. */
  supplierIds: string[]
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

const INVOICE_NUMBER =
  /(?:rechnungs?\s*-?\s*(?:nummer|nr\.?|no\.?)|invoice\s*(?:number|no\.?|#)|beleg\s*-?\s*(?:nummer|nr\.?)|re\.?\s*-?\s*nr\.?)\s*[:#]?\s*([A-Za-z0-9][A-Za-z0-9/._-]{1,30})/gi
const VAT_ID = /\b(ATU\s?\d{8}|DE\s?\d{9}|[A-Z]{2}\s?[0-9A-Z]{8,12})\b/g
const UID_LABEL = /(?:UID|USt-?Id|VAT|Umsatzsteuer)/i
const IBAN = /\b([A-Z]{2}\d{2}(?:\s?[0-9A-Z]{4}){3,7}(?:\s?[0-9A-Z]{1,3})?)\b/g
const COUNTER = /(?:seite|page|blatt)\s*(\d{1,3})\s*(?:von|of|\/)\s*(\d{1,3})/i
const PATCH_T = /\bPATCH\s*[- ]?\s*T\b/i

const squash = (value: string): string => value.replace(/\s+/g, '').toUpperCase()

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
    counter: counterMatch ? { page: Number(counterMatch[1]), of: Number(counterMatch[2]) } : null,
    // A separator sheet says little else: a full invoice quoting the code is not one.
    separator: codes.some(carries) || (words.length < 200 && carries(words)),
    blank: codes.length === 0 && words.replace(/[^\p{L}\p{N}]/gu, '').length < 3,
  }
}
