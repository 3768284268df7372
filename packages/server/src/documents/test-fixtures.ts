import { PDFDocument, StandardFonts } from 'pdf-lib'

/**
 * An Austrian supplier's invoice (pdf-lib) whose number stands under the label "Vorgang", which the rules
 * don't know: the case the supplier memory exists for. Used by unit and integration tests.
 */
export async function supplierInvoicePdf(reference: string, gross: string, buyer = 'Alpenblick Hotel GmbH, Wien'): Promise<Uint8Array> {
  const doc = await PDFDocument.create()
  const page = doc.addPage([595, 842])
  const font = await doc.embedFont(StandardFonts.Helvetica)
  const line = (text: string, x: number, y: number) => page.drawText(text, { x, y, size: 10, font })
  line('Tischlerei Berger GmbH, Hauptstraße 5, 4020 Linz', 50, 800)
  line('UID-Nr.: ATU13585627', 50, 785)
  line(`An: ${buyer}`, 50, 740)
  line('Vorgang', 50, 700)
  line(reference, 50, 686)
  line('Datum: 12.03.2026', 400, 700)
  line('Tischplatte Eiche', 50, 600)
  line(`Summe brutto EUR ${gross}`, 350, 500)
  return doc.save()
}
