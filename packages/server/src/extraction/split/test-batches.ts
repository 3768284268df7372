import { PDFDocument, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib'

// Scan batches for the editor's tests and bench: several Austrian invoices of different suppliers in one PDF, some of
// two pages ("Seite 1 von 2"), made with pdf-lib. Each invoice knows its number and total, so a test can check
// what the cut documents were read as.

/** One supplier of the generated invoices. */
export interface TestSupplier {
  name: string
  street: string
  uid: string
  iban: string
}

/** The suppliers invoices are drawn for (real-looking, valid-format UIDs and IBANs). */
export const TEST_SUPPLIERS: readonly TestSupplier[] = [
  { name: 'Tischlerei Berger GmbH', street: 'Hauptstraße 5, 4020 Linz', uid: 'ATU13585627', iban: 'AT61 1904 3002 3457 3201' },
  { name: 'Alpenblick Bürobedarf GmbH', street: 'Mariahilfer Straße 12, 1060 Wien', uid: 'ATU16370905', iban: 'AT48 3200 0000 1234 5864' },
  { name: 'Elektro Huber KG', street: 'Bahnhofstraße 8, 5020 Salzburg', uid: 'ATU28560205', iban: 'AT02 2011 1000 0342 1965' },
  { name: 'Café Central Catering GmbH', street: 'Herrengasse 14, 1010 Wien', uid: 'ATU47216904', iban: 'AT26 1200 0100 0953 1108' },
  { name: 'Steirische Druckerei OG', street: 'Annenstraße 20, 8020 Graz', uid: 'ATU59374603', iban: 'AT83 3800 0000 0555 1234' },
]

/** One invoice of a batch. */
export interface TestInvoice {
  supplier: TestSupplier
  number: string
  /** Total as printed (German format), e.g. "1.234,56", and as a decimal string. */
  gross: string
  grossDecimal: string
  pages: 1 | 2
}

/** The buyer every invoice names (the client company), with its own UID on every page. */
const BUYER = ['Gasthof Sonnenhof GmbH', 'Dorfplatz 1, 6020 Innsbruck', 'Ihre UID-Nr.: ATU64827309']

function drawLines(page: PDFPage, font: PDFFont, lines: Array<[number, number, string, number?]>): void {
  for (const [x, top, text, size = 10] of lines) page.drawText(text, { x, y: 842 - top, size, font })
}

const euro = (cents: number): string => {
  const [whole, fraction] = (cents / 100).toFixed(2).split('.')
  return `${whole.replace(/\B(?=(\d{3})+(?!\d))/g, '.')},${fraction}`
}

/**
 * How an invoice is printed: `letterheadOnly` leaves out everything but the supplier's name block at the top (no VAT
 * id, no IBAN, no labelled invoice number, no page counter), as on a simple receipt, so only the letterhead tells two
 * invoices apart.
 */
export interface TestPrint {
  letterheadOnly?: boolean
}

/** Draws one invoice's pages into `pdf`. */
async function drawInvoicePages(pdf: PDFDocument, font: PDFFont, invoice: TestInvoice, print: TestPrint = {}): Promise<void> {
  const { supplier } = invoice
  const cents = Math.round(Number(invoice.grossDecimal) * 100)
  const net = Math.round(cents / 1.2)
  const head: Array<[number, number, string, number?]> = [
    [50, 50, supplier.name, 14],
    [50, 66, supplier.street],
    [50, 80, `UID-Nr.: ${supplier.uid}`],
    [50, 130, BUYER[0]],
    [50, 144, BUYER[1]],
    [50, 158, BUYER[2]],
    [350, 130, 'Rechnungsnummer:'],
    [460, 130, invoice.number],
    [350, 144, 'Rechnungsdatum:'],
    [460, 144, '02.03.2026'],
    [50, 210, 'RECHNUNG', 16],
  ]
  const totals: Array<[number, number, string, number?]> = [
    [300, 410, 'Summe netto'],
    [460, 410, `EUR ${euro(net)}`],
    [300, 426, 'zzgl. 20 % USt'],
    [460, 426, `EUR ${euro(cents - net)}`],
    [300, 442, 'Gesamtbetrag'],
    [460, 442, `EUR ${euro(cents)}`],
    [50, 760, `Bankverbindung: IBAN ${supplier.iban}`],
  ]
  const first = pdf.addPage([595, 842])
  if (print.letterheadOnly) {
    const plain = (lines: Array<[number, number, string, number?]>) =>
      lines.filter(([, , text]) => !/UID|IBAN|Rechnungsnummer|Seite \d/.test(text) && text !== invoice.number)
    drawLines(first, font, plain([...head, [50, 256, '1     Leistungen laut Vereinbarung'], [480, 256, euro(net)], ...(invoice.pages === 1 ? totals : [])]))
    if (invoice.pages === 2) drawLines(pdf.addPage([595, 842]), font, plain([[50, 60, 'Fortsetzung'], ...totals]))
    return
  }
  if (invoice.pages === 1) {
    drawLines(first, font, [...head, [50, 256, '1     Leistungen laut Vereinbarung'], [480, 256, euro(net)], ...totals])
    return
  }
  drawLines(first, font, [...head, [50, 256, '1     Leistungen laut Vereinbarung, Teil 1'], [480, 256, euro(net)], [50, 800, 'Seite 1 von 2']])
  // The second page repeats no number and no supplier: only its counter tells it belongs to the first.
  drawLines(pdf.addPage([595, 842]), font, [[50, 60, 'Fortsetzung'], [50, 256, 'Zahlbar binnen 14 Tagen ohne Abzug.'], ...totals, [50, 800, 'Seite 2 von 2']])
}

/** Invoices for a batch: `count` of them, suppliers in turn (two of the same supplier never follow each other), every third of two pages. */
export function testInvoices(count: number, seed = 1): TestInvoice[] {
  return Array.from({ length: count }, (_, index) => {
    const cents = 1000 + ((index + 1) * 7919 * seed) % 250_000
    return {
      supplier: TEST_SUPPLIERS[(index + seed) % TEST_SUPPLIERS.length],
      number: `RE-${2026}-${String(seed * 1000 + index + 1).padStart(5, '0')}`,
      gross: euro(cents),
      grossDecimal: (cents / 100).toFixed(2),
      pages: index % 3 === 1 ? 2 : 1,
    }
  })
}

/**
 * One PDF of these invoices in order; `separatorAfter` puts a PATCH-T sheet after the invoices at those indexes,
 * `blankAfter` a blank page; `letterheadOnly` prints them as receipts with nothing but the letterhead to tell them apart.
 */
export async function testBatchPdf(invoices: readonly TestInvoice[], options: { separatorAfter?: number[]; blankAfter?: number[] } & TestPrint = {}): Promise<Uint8Array> {
  const pdf = await PDFDocument.create()
  const font = await pdf.embedFont(StandardFonts.Helvetica)
  for (const [index, invoice] of invoices.entries()) {
    await drawInvoicePages(pdf, font, invoice, options)
    if (options.separatorAfter?.includes(index)) drawLines(pdf.addPage([595, 842]), font, [[200, 400, 'PATCH T', 40]])
    if (options.blankAfter?.includes(index)) pdf.addPage([595, 842])
  }
  return pdf.save()
}

/** The pages (1-based) where each invoice after the first begins, for a batch without separator sheets. */
export function trueCuts(invoices: readonly TestInvoice[]): number[] {
  const cuts: number[] = []
  let page = 1
  for (const [index, invoice] of invoices.entries()) {
    if (index > 0) cuts.push(page)
    page += invoice.pages
  }
  return cuts
}
