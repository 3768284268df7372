import { describe, expect, it } from 'vitest'
import { CutReason } from '@portal/sdk/domain'
import { readPdfTextFast } from '../text/mupdf-text'
import { PDFDocument } from 'pdf-lib'
import QRCode from 'qrcode'
import { readPageCodes } from './page-codes'
import { pageSignals } from './page-signals'
import { suggestCuts } from './suggest-cuts'
import { testBatchPdf, testInvoices, trueCuts } from './test-batches'

const textOf = (lines: { text: string }[]) => lines.map((line) => line.text).join('\n')

/** The suggestion for a generated batch, read as the pipeline reads it (the PDF's text layer, page by page). */
async function suggestionFor(bytes: Uint8Array) {
  const pages = await readPdfTextFast(bytes)
  return suggestCuts(pages.map((page) => pageSignals({ page: page.page, text: textOf(page.lines) })))
}

describe('suggested cuts of a scan batch', () => {
  it('cuts a batch of several invoices (different suppliers and numbers, some of two pages) right without separator sheets', async () => {
    const invoices = testInvoices(7)
    const suggestion = await suggestionFor(await testBatchPdf(invoices))
    expect(suggestion.cuts.map((cut) => cut.page)).toEqual(trueCuts(invoices))
    expect(suggestion.setAside).toEqual([])
    // Every cut says why: here a new invoice number and a new supplier.
    for (const cut of suggestion.cuts) expect(cut.reasons).toEqual(expect.arrayContaining([CutReason.invoiceNumber, CutReason.supplier]))
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
})
