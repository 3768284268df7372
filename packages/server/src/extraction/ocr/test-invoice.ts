import { PDFDocument, StandardFonts } from 'pdf-lib'

/** What the generated test invoice states, to compare OCR results with. */
export const TEST_INVOICE = {
  number: 'RE-2026-0417',
  issueDate: '2026-03-12',
  gross: '1440.00',
  net: '1200.00',
  tax: '240.00',
} as const

/**
 * A one-page Austrian invoice made with pdf-lib (ATU VAT id, 20 % VAT, FN), the source of generated scans.
 * `notes` adds lines of small print (terms, delivery notes) so benchmarks see a page as dense as a real one;
 * the amounts stay those of TEST_INVOICE.
 */
export async function austrianInvoicePdf(notes = 0): Promise<Uint8Array> {
  const doc = await PDFDocument.create()
  const page = doc.addPage([595.28, 841.89])
  const font = await doc.embedFont(StandardFonts.Helvetica)
  const bold = await doc.embedFont(StandardFonts.HelveticaBold)
  const write = (text: string, x: number, y: number, size = 11, face = font) =>
    page.drawText(text, { x, y: 841.89 - y, size, font: face })
  write('Alpenblick Handels GmbH', 56, 60, 14, bold)
  write('Mariahilfer Straße 12, 1060 Wien', 56, 80)
  write('UID-Nr.: ATU12345675   FN 123456a', 56, 96)
  write('Kaffeerösterei Huber KG', 56, 150)
  write('Hauptplatz 3, 8010 Graz', 56, 166)
  write('RECHNUNG', 56, 230, 18, bold)
  write('Rechnungsnummer:', 56, 260)
  write('RE-2026-0417', 200, 260)
  write('Rechnungsdatum:', 56, 278)
  write('12.03.2026', 200, 278)
  write('Beschreibung', 56, 330, 11, bold)
  write('Betrag', 470, 330, 11, bold)
  write('Beratungsleistung März 2026', 56, 350)
  write('1.200,00', 470, 350)
  write('Nettobetrag', 300, 400)
  write('EUR 1.200,00', 450, 400)
  write('USt 20 %', 300, 418)
  write('EUR 240,00', 450, 418)
  write('Gesamtbetrag', 300, 440, 11, bold)
  write('EUR 1.440,00', 450, 440, 11, bold)
  write('Zahlbar innerhalb von 14 Tagen auf IBAN AT61 1904 3002 3457 3201', 56, 500)
  for (let line = 0; line < notes; line += 1) {
    write(`Lieferschein LS-${4711 + line} vom ${String(1 + (line % 28)).padStart(2, '0')}.02.2026: Leistung gemäß Rahmenvertrag, Pos. ${line + 1}`, 56, 530 + line * 12, 8)
  }
  return doc.save()
}
