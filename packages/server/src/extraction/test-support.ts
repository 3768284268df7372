import * as mupdf from 'mupdf'
import { PDFDocument, StandardFonts } from 'pdf-lib'

// Builders of small files for the unit tests; kept out of the tests so each test reads as an outcome.

/** A PDF with `pages` empty pages. */
export async function blankPdf(pages = 1): Promise<Uint8Array> {
  const doc = await PDFDocument.create()
  for (let index = 0; index < pages; index += 1) doc.addPage()
  return doc.save()
}

/** A PDF that opens only with a password (AES-256), made with mupdf. */
export async function encryptedPdf(): Promise<Uint8Array> {
  const doc = mupdf.Document.openDocument(await blankPdf(), 'application/pdf') as mupdf.PDFDocument
  return doc.saveToBuffer('encrypt=aes-256,user-password=secret,owner-password=owner').asUint8Array()
}

/** A PNG header (signature and IHDR) announcing the given size; enough for size checks. */
export function pngHeader(width: number, height: number): Uint8Array {
  const bytes = new Uint8Array(33)
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52])
  const view = new DataView(bytes.buffer)
  view.setUint32(16, width)
  view.setUint32(20, height)
  return bytes
}

/** A JPEG start (SOI, APP0, SOF0) announcing the given size. */
export function jpegHeader(width: number, height: number): Uint8Array {
  const app0 = [0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 1, 1, 0, 0, 1, 0, 1, 0, 0]
  const sof = [0xff, 0xc0, 0x00, 0x11, 8, height >> 8, height & 255, width >> 8, width & 255, 3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1]
  return new Uint8Array([0xff, 0xd8, ...app0, ...sof, 0xff, 0xd9])
}

/** A little-endian TIFF with one IFD per given page size (headers only). */
export function tiffHeader(pages: Array<[number, number]>): Uint8Array {
  const ifdSize = 2 + 2 * 12 + 4
  const bytes = new Uint8Array(8 + pages.length * ifdSize)
  const view = new DataView(bytes.buffer)
  bytes.set([0x49, 0x49, 0x2a, 0x00])
  view.setUint32(4, 8, true)
  pages.forEach(([width, height], index) => {
    const at = 8 + index * ifdSize
    view.setUint16(at, 2, true)
    const entry = (slot: number, tag: number, value: number) => {
      const e = at + 2 + slot * 12
      view.setUint16(e, tag, true)
      view.setUint16(e + 2, 4, true)
      view.setUint32(e + 4, 1, true)
      view.setUint32(e + 8, value, true)
    }
    entry(0, 256, width)
    entry(1, 257, height)
    view.setUint32(at + 2 + 24, index + 1 < pages.length ? at + ifdSize : 0, true)
  })
  return bytes
}

/** A new A4 PDF with one page and a way to write 10 pt Helvetica text on it at (x, y). */
async function a4TextPage(): Promise<{ doc: PDFDocument; line: (text: string, x: number, y: number) => void }> {
  const doc = await PDFDocument.create()
  const page = doc.addPage([595, 842])
  const font = await doc.embedFont(StandardFonts.Helvetica)
  return { doc, line: (text, x, y) => page.drawText(text, { x, y, size: 10, font }) }
}

/**
 * An Austrian supplier's invoice (pdf-lib) whose number stands under the label "Vorgang", which the rules
 * don't know: the case the supplier memory exists for. Used by unit and integration tests.
 */
export async function supplierInvoicePdf(reference: string, gross: string, buyer = 'Alpenblick Hotel GmbH, Wien', terms?: string): Promise<Uint8Array> {
  const { doc, line } = await a4TextPage()
  line('Tischlerei Berger GmbH, Hauptstraße 5, 4020 Linz', 50, 800)
  line('UID-Nr.: ATU13585627', 50, 785)
  line(`An: ${buyer}`, 50, 740)
  line('Vorgang', 50, 700)
  line(reference, 50, 686)
  line('Datum: 12.03.2026', 400, 700)
  line('Tischplatte Eiche', 50, 600)
  line(`Summe brutto EUR ${gross}`, 350, 500)
  if (terms) line(terms, 50, 470)
  return doc.save()
}

/**
 * A clean text-layer invoice of a supplier (Tischlerei Berger GmbH to Alpenblick Hotel GmbH, € 240.00 gross) numbered
 * `number`; `delivered` prints a delivery line ("Lieferdatum: 02.03.2026 - 06.03.2026").
 */
export async function textLayerInvoicePdf(number: string, delivered?: string): Promise<Uint8Array> {
  const { doc, line } = await a4TextPage()
  line('Tischlerei Berger GmbH, Hauptstraße 5, 4020 Linz', 50, 800)
  line('UID-Nr.: ATU13585627', 50, 785)
  line('Alpenblick Hotel GmbH', 50, 740)
  line('Seestraße 1, 6020 Innsbruck', 50, 727)
  line('Rechnung', 50, 690)
  line(`Rechnungsnummer: ${number}`, 50, 670)
  line('Rechnungsdatum: 12.03.2026', 350, 670)
  if (delivered) line(delivered, 50, 620)
  line('Tischplatte Eiche', 50, 600)
  line('Nettobetrag EUR 200,00', 350, 540)
  line('USt 20 % EUR 40,00', 350, 525)
  line('Gesamtbetrag EUR 240,00', 350, 510)
  line('Zahlbar bis 26.03.2026 auf IBAN AT61 1904 3002 3457 3201', 50, 470)
  return doc.save()
}
