import { PDFDocument, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib'
import { formatCents } from '@portal/sdk/domain'

/** A party named on a demo voucher: the issuer or the addressee. */
export interface DemoParty {
  name: string
  /** Postcode and town ("6020 Innsbruck"). */
  place: string
  vatId: string
  /** Firmenbuchnummer of the issuer, printed beside its UID. */
  registerNo?: string
}

/** What one demo-ledger document states; the seed writes the same values into the document's fields. */
export interface DemoVoucher {
  /** RECHNUNG (an invoice with tax lines and payment terms) or a Buchungsbeleg (an own voucher of a bank booking). */
  form: 'invoice' | 'voucher'
  number: string
  /** ISO dates. */
  date: string
  dueDate: string | null
  discountDueDate: string | null
  discountPercent: number | null
  issuer: DemoParty
  addressee: DemoParty | null
  /** What was supplied or booked ("Mobilfunk und Internet Mai 2026"). */
  text: string
  rate: number
  netCents: number
  taxCents: number
  /** The account the amount is paid to (invoice) or from (voucher). */
  iban: string
}

/** A generated voucher: the PDF bytes, the page size and the text as the viewer's text layer reads it. */
export interface DemoVoucherPdf {
  bytes: Uint8Array
  width: number
  height: number
  text: string
}

const A4: [number, number] = [595.28, 841.89]
const LEFT = 56
const RIGHT = A4[0] - 56
/** Gap between a label and its value in the page text, as the text layout joins segments of one line. */
const GAP = '   '

/** A cent amount as an Austrian invoice prints it: 1.234,56 (Intl's de-AT groups with spaces, invoices with points). */
export function austrianAmount(cents: number): string {
  const [whole, fraction] = formatCents(cents).split('.')
  return `${whole.replace(/\B(?=(\d{3})+(?!\d))/g, '.')},${fraction}`
}

/** An ISO date as an Austrian invoice prints it: 14.03.2026. */
export const austrianDate = (iso: string): string => `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)}`

/** An IBAN in groups of four, as printed. */
export const printedIban = (iban: string): string => iban.replace(/(.{4})(?=.)/g, '$1 ')

/** A rate as printed: 20, 10, 13, 5,5. */
const printedRate = (rate: number): string => String(rate).replace('.', ',')

/** Writes lines on one page top-down and keeps their text in reading order. */
class PageWriter {
  readonly lines: string[] = []

  constructor(
    private readonly page: PDFPage,
    private readonly regular: PDFFont,
    private readonly bold: PDFFont,
  ) {}

  /** `text` at the left margin (or `x`), `y` points from the top. */
  line(text: string, y: number, options: { size?: number; bold?: boolean; x?: number } = {}): void {
    this.page.drawText(text, { x: options.x ?? LEFT, y: A4[1] - y, size: options.size ?? 10, font: options.bold ? this.bold : this.regular })
    this.lines.push(text)
  }

  /** A label at the left (or at `x`) and its value right-aligned at the right margin, on one line. */
  pair(label: string, value: string, y: number, options: { bold?: boolean; x?: number } = {}): void {
    const font = options.bold ? this.bold : this.regular
    this.page.drawText(label, { x: options.x ?? LEFT, y: A4[1] - y, size: 10, font })
    this.page.drawText(value, { x: RIGHT - font.widthOfTextAtSize(value, 10), y: A4[1] - y, size: 10, font })
    this.lines.push(`${label}${GAP}${value}`)
  }
}

/**
 * One demo-ledger document as a one-page PDF with a text layer: an Austrian invoice (issuer with UID and FN,
 * addressee, number, date, net, USt by rate, gross, terms, IBAN) or a Buchungsbeleg. Deterministic: the same voucher
 * gives the same bytes (fixed metadata, no clock), so a seed run again after a crash stores the same files.
 */
export async function demoVoucherPdf(voucher: DemoVoucher): Promise<DemoVoucherPdf> {
  const doc = await PDFDocument.create({ updateMetadata: false })
  const created = new Date(`${voucher.date}T09:00:00Z`)
  doc.setTitle(`${voucher.form === 'invoice' ? 'Rechnung' : 'Buchungsbeleg'} ${voucher.number}`)
  doc.setAuthor(voucher.issuer.name)
  doc.setProducer('Portal demo data')
  doc.setCreationDate(created)
  doc.setModificationDate(created)
  const page = doc.addPage(A4)
  // The 14 standard fonts are named, not embedded: nothing to load or subset per document.
  const writer = new PageWriter(page, await doc.embedFont(StandardFonts.Helvetica), await doc.embedFont(StandardFonts.HelveticaBold))
  const { issuer, addressee } = voucher

  writer.line(issuer.name, 60, { size: 14, bold: true })
  writer.line(`${issuer.place}, Österreich`, 78)
  writer.line(`UID-Nr.: ${issuer.vatId}${issuer.registerNo ? `   ${issuer.registerNo}` : ''}`, 92)
  if (addressee) {
    writer.line(addressee.name, 140)
    writer.line(addressee.place, 154)
    writer.line(`UID-Nr.: ${addressee.vatId}`, 168)
  }

  const invoice = voucher.form === 'invoice'
  writer.line(invoice ? 'RECHNUNG' : 'BUCHUNGSBELEG', 220, { size: 18, bold: true })
  writer.line(`${invoice ? 'Rechnungsnummer' : 'Belegnummer'}: ${voucher.number}`, 248)
  writer.line(`${invoice ? 'Rechnungsdatum' : 'Belegdatum'}: ${austrianDate(voucher.date)}`, 262)
  writer.line(`Leistungsdatum: ${austrianDate(voucher.date)}`, 276)

  writer.pair('Beschreibung', 'Betrag EUR', 320, { bold: true })
  writer.pair(voucher.text, austrianAmount(voucher.netCents), 338)

  const gross = voucher.netCents + voucher.taxCents
  if (invoice) {
    writer.pair('Nettobetrag', `EUR ${austrianAmount(voucher.netCents)}`, 380, { x: 300 })
    if (voucher.rate > 0) writer.pair(`USt ${printedRate(voucher.rate)} %`, `EUR ${austrianAmount(voucher.taxCents)}`, 396, { x: 300 })
    else writer.pair('USt 0 %', `EUR ${austrianAmount(0)}`, 396, { x: 300 })
    writer.pair('Gesamtbetrag', `EUR ${austrianAmount(gross)}`, 416, { x: 300, bold: true })
    let y = 460
    if (voucher.rate === 0) {
      writer.line('Umsatzsteuerfrei gemäß § 6 Abs. 1 Z 9 lit. c UStG (Versicherungsleistung).', y)
      y += 16
    }
    if (voucher.dueDate) {
      writer.line(`Zahlbar bis ${austrianDate(voucher.dueDate)} ohne Abzug.`, y)
      y += 16
    }
    if (voucher.discountPercent && voucher.discountDueDate) {
      writer.line(`Bei Zahlung bis ${austrianDate(voucher.discountDueDate)} ${printedRate(voucher.discountPercent)} % Skonto.`, y)
      y += 16
    }
    writer.line(`Bankverbindung: IBAN ${printedIban(voucher.iban)}`, y)
  } else {
    writer.pair('Betrag', `EUR ${austrianAmount(gross)}`, 380, { x: 300, bold: true })
    writer.line(`Bezahlt über das Bankkonto IBAN ${printedIban(voucher.iban)}.`, 424)
  }

  // Without object streams and without pauses between objects: about half the time of the defaults for a page this small.
  const bytes = await doc.save({ useObjectStreams: false, objectsPerTick: Number.POSITIVE_INFINITY })
  return { bytes, width: A4[0], height: A4[1], text: writer.lines.join('\n') }
}
