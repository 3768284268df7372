import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { CutReason } from '@portal/sdk/domain'
import { readPdfTextFast } from '../text/mupdf-text'
import { PDFDocument } from 'pdf-lib'
import QRCode from 'qrcode'
import bwipjs from 'bwip-js/node'
import { readPageCodes } from './page-codes'
import { pageSignals } from './page-signals'
import { suggestCuts } from './suggest-cuts'
import { testBatchPdf, testInvoices, trueCuts } from './test-batches'

/** Real invoices of the test fixtures (public ZUGFeRD samples; see tests/fixtures/corpora/README.md). */
const CORPUS = join(import.meta.dirname, '../../../../../tests/fixtures/corpora/zugferd_corpus/docs')

const textOf = (lines: { text: string }[]) => lines.map((line) => line.text).join('\n')

/** The suggestion for a generated batch, read as the pipeline reads it (the PDF's text layer, page by page). */
async function suggestionFor(bytes: Uint8Array) {
  const pages = await readPdfTextFast(bytes)
  return suggestCuts(pages.map((page) => pageSignals({ page: page.page, text: textOf(page.lines) })))
}

// page-codes.ts loads jsQR and zxing with the first page it looks at (not with the server); loaded here, so a test's
// clock times the reading, not the loading.
beforeAll(async () => {
  await Promise.all([import('jsqr'), import('@zxing/library')])
})

describe('suggested cuts of a scan batch', () => {
  it('cuts a batch of several invoices (different suppliers and numbers, some of two pages) right without separator sheets', async () => {
    const invoices = testInvoices(7)
    const suggestion = await suggestionFor(await testBatchPdf(invoices))
    expect(suggestion.cuts.map((cut) => cut.page)).toEqual(trueCuts(invoices))
    expect(suggestion.setAside).toEqual([])
    // Every cut says why: here a new invoice number and a new supplier.
    for (const cut of suggestion.cuts) expect(cut.reasons).toEqual(expect.arrayContaining([CutReason.invoiceNumber, CutReason.supplier]))
  })

  it("cuts where another supplier's name block heads a page when nothing else tells (receipts without UID, IBAN, number or counter)", async () => {
    const invoices = testInvoices(7, 5)
    const suggestion = await suggestionFor(await testBatchPdf(invoices, { letterheadOnly: true }))
    expect(suggestion.cuts).toEqual(trueCuts(invoices).map((page) => ({ page, reasons: [CutReason.nameBlock] })))
  })

  it('reads the name block from the top lines only, without its label and legal form, and not a long sender line', () => {
    expect(pageSignals({ page: 1, text: 'Beispiel-Rechnungen\nVerkäufer\nName:   Lieferant GmbH\nKäufer\nName: Kunden AG Mitte' }).nameBlock).toBe('LIEFERANT')
    expect(pageSignals({ page: 1, text: 'MUSTER-Autovermietung GMBH\nMusterstr. 99' }).nameBlock).toBe('MUSTERAUTOVERMIETUNG')
    expect(pageSignals({ page: 1, text: 'Bei Spiel GmbH ● Ecke 12 ● 12345 Stadthausen ● Germany   12345 Stadthausen' }).nameBlock).toBeNull()
    expect(pageSignals({ page: 1, text: `${'Position\n'.repeat(12)}Versand durch Post AG` }).nameBlock).toBeNull()
    expect(pageSignals({ page: 1, text: 'Lieferung 5 kg Mehl' }).nameBlock).toBeNull()
  })

  it('reads invoice numbers after the kind of invoice and its code ("Handelsrechnung (380) Nr.") and "USt.-Id.-Nr." as a VAT id', () => {
    const signals = pageSignals({ page: 1, text: 'Handelsrechnung (380) Nr. 471102 vom 05.06.2018\nUSt.-Id.-Nr.:   DE123456789' })
    expect(signals).toMatchObject({ invoiceNumbers: ['471102'], supplierIds: ['vat:DE123456789'] })
    expect(pageSignals({ page: 1, text: 'Mietrechnung Nr. 9314110911/00/M/00/N' }).invoiceNumbers).toEqual(['9314110911/00/M/00/N'])
    expect(pageSignals({ page: 1, text: 'aus der Lieferung Nr. 2018-51112 in Rechnung zu stellen' }).invoiceNumbers).toEqual([])
  })

  it('cuts a batch of four real invoices of three suppliers right, each cut saying why', async () => {
    // Lieferant GmbH (3 pages), MUSTER-Autovermietung (4), Bei Spiel GmbH (1), Lieferant GmbH again (3, same number).
    const files = ['XML-Rechnung__FX__EN16931_1_Teilrechnung', 'XML-Rechnung__FX__EN16931_Miete', 'ZUGFeRDv2__correct__Mustangproject__MustangGnuaccountingBeispielRE-20190610_507', 'XML-Rechnung__FX__EN16931_Rabatte']
    const batch = await PDFDocument.create()
    for (const file of files) {
      const pdf = await PDFDocument.load(await readFile(join(CORPUS, `${file}.pdf`)))
      for (const page of await batch.copyPages(pdf, pdf.getPageIndices())) batch.addPage(page)
    }
    const suggestion = await suggestionFor(await batch.save())
    expect(suggestion).toEqual({
      cuts: [
        { page: 4, reasons: [CutReason.pageCounter, CutReason.invoiceNumber, CutReason.supplier] },
        { page: 8, reasons: [CutReason.pageCounter, CutReason.invoiceNumber, CutReason.nameBlock] },
        { page: 9, reasons: [CutReason.pageCounter, CutReason.invoiceNumber, CutReason.supplier, CutReason.nameBlock] },
      ],
      setAside: [],
    })
  })

  it('keeps "Seite 2 von 2" with its first page and cuts where a counter starts again', async () => {
    const invoices = testInvoices(3).map((invoice) => ({ ...invoice, pages: 2 as const, supplier: testInvoices(1)[0].supplier }))
    const suggestion = await suggestionFor(await testBatchPdf(invoices))
    expect(suggestion.cuts).toEqual([
      { page: 3, reasons: [CutReason.pageCounter, CutReason.invoiceNumber] },
      { page: 5, reasons: [CutReason.pageCounter, CutReason.invoiceNumber] },
    ])
  })

  it('sets separator sheets (PATCH T) and blank pages aside and cuts after them', async () => {
    const same = testInvoices(1)[0]
    // The same supplier and number three times: only the sheets between them tell the invoices apart.
    const invoices = [same, { ...same, pages: 1 as const }, { ...same, pages: 1 as const }].map((invoice) => ({ ...invoice, pages: 1 as const }))
    const suggestion = await suggestionFor(await testBatchPdf(invoices, { separatorAfter: [0], blankAfter: [1] }))
    expect(suggestion.setAside).toEqual([2, 4])
    expect(suggestion.cuts).toEqual([
      { page: 3, reasons: [CutReason.separator] },
      { page: 5, reasons: [CutReason.blankPage] },
    ])
  })

  it('reads a configured separator code and a QR code value', () => {
    expect(pageSignals({ page: 1, text: 'TRENNBLATT-XY' }, 'trennblatt-xy').separator).toBe(true)
    expect(pageSignals({ page: 1, text: '', codes: ['PATCH T'] }).separator).toBe(true)
    expect(pageSignals({ page: 1, text: '', codes: ['https://example.at'] })).toMatchObject({ separator: false, blank: false })
    expect(pageSignals({ page: 1, text: 'Rechnung RE-1 mit PATCH T im Text '.repeat(10) }).separator).toBe(false)
  })

  it('suggests no cut for one invoice of two pages', async () => {
    const suggestion = await suggestionFor(await testBatchPdf([{ ...testInvoices(2)[1], pages: 2 }]))
    expect(suggestion).toEqual({ cuts: [], setAside: [] })
  })

  it('finds a separator sheet by its QR code (PATCH T) on a page without text, and cuts after it', async () => {
    const same = { ...testInvoices(1)[0], pages: 1 as const }
    const pdf = await PDFDocument.load(await testBatchPdf([same, same]))
    const sheet = pdf.insertPage(1, [595, 842])
    const qr = await pdf.embedPng(await QRCode.toBuffer('PATCH T', { type: 'png', width: 300 }))
    sheet.drawImage(qr, { x: 150, y: 300, width: 300, height: 300 })
    const bytes = await pdf.save()
    const pages = await readPdfTextFast(bytes)
    const codes = await readPageCodes(bytes, 'application/pdf', [2])
    expect(codes.get(2)).toEqual(['PATCH T'])
    const suggestion = suggestCuts(pages.map((page) => pageSignals({ page: page.page, text: textOf(page.lines), codes: codes.get(page.page) })))
    expect(suggestion).toEqual({ cuts: [{ page: 3, reasons: [CutReason.separator] }], setAside: [2] })
  })

  it("finds the firm's configured separator code in a QR code, and not another QR code", async () => {
    const pdf = await PDFDocument.create()
    for (const value of ['TRENNBLATT-42', 'https://example.at/rechnung']) {
      const qr = await pdf.embedPng(await QRCode.toBuffer(value, { type: 'png', width: 240 }))
      pdf.addPage([595, 842]).drawImage(qr, { x: 40, y: 560, width: 240, height: 240 })
    }
    const codes = await readPageCodes(await pdf.save(), 'application/pdf', [1, 2])
    expect([...codes]).toEqual([
      [1, ['TRENNBLATT-42']],
      [2, ['https://example.at/rechnung']],
    ])
    expect(pageSignals({ page: 1, text: '', codes: codes.get(1) }, 'trennblatt-42').separator).toBe(true)
    expect(pageSignals({ page: 2, text: '', codes: codes.get(2) }, 'trennblatt-42').separator).toBe(false)
  })

  it('finds a separator sheet by its barcode (PATCH T as Code 39, the firm code as Code 128) and cuts after it', async () => {
    const same = { ...testInvoices(1)[0], pages: 1 as const }
    const pdf = await PDFDocument.load(await testBatchPdf([same, same, same]))
    for (const [index, bcid, text] of [[1, 'code39', 'PATCH T'], [3, 'code128', 'TRENNBLATT-42']] as const) {
      const png = await bwipjs.toBuffer({ bcid, text, scale: 2, height: 15 })
      const bars = await pdf.embedPng(png)
      // A barcode of a few centimetres across the top third of an otherwise empty sheet.
      pdf.insertPage(index, [595, 842]).drawImage(bars, { x: 150, y: 560, width: bars.width * 0.75, height: bars.height * 0.75 })
    }
    const bytes = await pdf.save()
    const codes = await readPageCodes(bytes, 'application/pdf', [2, 4])
    expect([...codes]).toEqual([
      [2, ['PATCH T']],
      [4, ['TRENNBLATT-42']],
    ])
    const pages = await readPdfTextFast(bytes)
    const suggestion = suggestCuts(pages.map((page) => pageSignals({ page: page.page, text: textOf(page.lines), codes: codes.get(page.page) }, 'TRENNBLATT-42')))
    expect(suggestion).toEqual({
      cuts: [
        { page: 3, reasons: [CutReason.separator] },
        { page: 5, reasons: [CutReason.separator] },
      ],
      setAside: [2, 4],
    })
  })
})
