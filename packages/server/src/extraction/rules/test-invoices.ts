import { PDFDocument, StandardFonts } from 'pdf-lib'
import { extractDocument } from '../extract'
import type { FieldName } from '../types'

// Austrian invoices drawn with pdf-lib for the rule tests: each line is [x, y-from-top, text, size?].

/** One line of text on a test page: x and y from the top-left in points, the text, and a font size. */
export type DrawnLine = [number, number, string, number?]

/** A one-page A4 PDF with the given lines in Helvetica. */
export async function drawInvoice(lines: DrawnLine[]): Promise<Uint8Array> {
  const pdf = await PDFDocument.create()
  const page = pdf.addPage([595, 842])
  const font = await pdf.embedFont(StandardFonts.Helvetica)
  for (const [x, top, text, size = 10] of lines) page.drawText(text, { x, y: 842 - top, size, font })
  return pdf.save()
}

/** Draws the lines and reads them as the pipeline does: each field's value, or its whole candidate. */
export async function readInvoice(lines: DrawnLine[]) {
  const result = await extractDocument(await drawInvoice(lines))
  if (!result.ok) throw new Error(`refused: ${result.refusal.key}`)
  return {
    value: (field: FieldName) => result.values[field]?.value ?? null,
    candidate: (field: FieldName) => result.values[field],
  }
}

/** German layout: Rechnungsnummer, UID-Nr., FN, 20/13/10 % rates in a summary table, Skonto, SEPA. */
export const AUSTRIAN_GERMAN: DrawnLine[] = [
  [50, 50, 'Alpenblick Bürobedarf GmbH', 14],
  [50, 66, 'Mariahilfer Straße 12, 1060 Wien'],
  [50, 80, 'UID-Nr.: ATU13585627   FN 123456 a, Handelsgericht Wien'],
  [50, 130, 'Steuerberatung Huber KG'],
  [50, 144, 'Landstraße 3, 4020 Linz'],
  [50, 158, 'Ihre UID-Nr.: ATU16370905'],
  [350, 130, 'Rechnungsnummer:'],
  [460, 130, '2026-0815'],
  [350, 144, 'Rechnungsdatum:'],
  [460, 144, '02.03.2026'],
  [350, 158, 'Leistungszeitraum: 01.02.2026 - 28.02.2026'],
  [50, 210, 'RECHNUNG', 16],
  [50, 240, 'Pos   Bezeichnung'],
  [400, 240, 'USt'],
  [480, 240, 'Netto'],
  [50, 256, '1     Büropapier A4, 200 Pakete'],
  [400, 256, '20 %'],
  [480, 256, '1.000,00'],
  [50, 272, '2     Fachzeitschrift Jahresabo'],
  [400, 272, '10 %'],
  [480, 272, '45,50'],
  [50, 288, '3     Schnittblumen für den Empfang'],
  [400, 288, '13 %'],
  [480, 288, '150,00'],
  [50, 330, 'Steuersatz'],
  [200, 330, 'Bemessungsgrundlage'],
  [400, 330, 'USt-Betrag'],
  [50, 346, '20 %'],
  [200, 346, '1.000,00'],
  [400, 346, '200,00'],
  [50, 362, '13 %'],
  [200, 362, '150,00'],
  [400, 362, '19,50'],
  [50, 378, '10 %'],
  [200, 378, '45,50'],
  [400, 378, '4,55'],
  [300, 410, 'Summe netto'],
  [460, 410, 'EUR 1.195,50'],
  [300, 426, 'zzgl. USt'],
  [460, 426, 'EUR 224,05'],
  [300, 442, 'Gesamtbetrag'],
  [460, 442, 'EUR 1.419,55'],
  [50, 490, 'Zahlbar bis 01.04.2026 ohne Abzug, bei Zahlung bis 16.03.2026 2 % Skonto.'],
  [50, 506, 'Der Betrag wird per SEPA-Lastschrift von Ihrem Konto eingezogen.'],
  [50, 760, 'Bankverbindung: Erste Bank, IBAN AT61 1904 3002 3457 3201, BIC GIBAATWWXXX'],
]

/** English layout with 1,234.56 numbers, a single 20 % rate and a reverse-charge note. */
export const AUSTRIAN_ENGLISH: DrawnLine[] = [
  [50, 50, 'Donau Consulting GmbH', 14],
  [50, 66, 'Ringstrasse 1, 1010 Vienna, Austria'],
  [50, 80, 'VAT No. ATU57477929'],
  [350, 120, 'Invoice No: INV-2026-042'],
  [350, 134, 'Invoice date: March 5, 2026'],
  [350, 148, 'Due date: April 4, 2026'],
  [50, 120, 'Bill to: Rheinland Maschinen AG'],
  [50, 134, 'Customer VAT: DE136695976'],
  [50, 200, 'Consulting services February 2026'],
  [460, 200, '12,400.00'],
  [300, 240, 'Subtotal'],
  [460, 240, '12,400.00'],
  [300, 256, 'VAT 0 %'],
  [460, 256, '0.00'],
  [300, 272, 'Total EUR'],
  [460, 272, '12,400.00'],
  [50, 320, 'Reverse charge: VAT liability passes to the recipient of the service.'],
  [50, 760, 'IBAN: AT48 3200 0000 1234 5864   BIC: RLNWATWW'],
]

/** A small business (Kleinunternehmer) receipt paid in cash, no VAT. */
export const AUSTRIAN_SMALL_BUSINESS: DrawnLine[] = [
  [50, 50, 'Malerei Sonnleitner', 14],
  [50, 66, 'Dorfstraße 7, 6020 Innsbruck'],
  [350, 100, 'Rechnung Nr. 17 vom 12. Jänner 2026'],
  [50, 160, 'Ausmalen Stiegenhaus'],
  [460, 160, '480,00 €'],
  [300, 200, 'Rechnungsbetrag'],
  [460, 200, '480,00 €'],
  [50, 240, 'Umsatzsteuerbefreit - Kleinunternehmer gem. § 6 Abs. 1 Z 27 UStG.'],
  [50, 256, 'Betrag bar bezahlt.'],
]

/** A terse layout: "Re.-Nr.", two-digit years, € before amounts, one rate written out, Skonto in days. */
export const AUSTRIAN_TERSE: DrawnLine[] = [
  [50, 50, 'Tischlerei Huber e.U.', 14],
  [50, 66, 'Gewerbepark 4, 8010 Graz  |  UID ATU12345675  |  FN 98765 x'],
  [50, 120, 'Re.-Nr.: 4711/26'],
  [50, 134, 'Datum: 15.01.26'],
  [50, 200, 'Einbauschrank Eiche, montiert'],
  [460, 200, '€ 1.028,80'],
  [300, 240, 'Nettobetrag'],
  [460, 240, '€ 1.028,80'],
  [300, 256, '20 % USt von € 1.028,80'],
  [460, 256, '€ 205,76'],
  [300, 272, 'Rechnungsbetrag'],
  [460, 272, '€ 1.234,56'],
  [50, 320, 'Zahlungsbedingungen: 14 Tage netto, 8 Tage 2 % Skonto.'],
  [50, 760, 'Steiermärkische Sparkasse  IBAN: AT48 3200 0000 1234 5864'],
]

/** Header rows with the values underneath: number/date table and a net | tax | gross summary. */
export const AUSTRIAN_HEADER_ROWS: DrawnLine[] = [
  [50, 50, 'Elektro Maier GmbH & Co KG', 14],
  [50, 66, 'Industriestraße 9, 4600 Wels, UID-Nr. ATU37893801, Firmenbuch FN 445566 p'],
  [50, 120, 'Rechnung'],
  [50, 140, 'Rechnungs-Nr.'],
  [150, 140, 'Kunden-Nr.'],
  [250, 140, 'Datum'],
  [350, 140, 'Fällig am'],
  [50, 154, 'R-2026-00077'],
  [150, 154, '10234'],
  [250, 154, '07.02.2026'],
  [350, 154, '21.02.2026'],
  [50, 200, 'Montage Photovoltaik'],
  [460, 200, '8.500,00'],
  [50, 300, 'Nettobetrag'],
  [200, 300, 'USt 20 %'],
  [350, 300, 'Bruttobetrag'],
  [50, 314, '8.500,00'],
  [200, 314, '1.700,00'],
  [350, 314, '10.200,00'],
  [50, 400, 'Bitte überweisen Sie den Betrag auf AT61 1904 3002 3457 3201 (BIC BKAUATWW).'],
]
