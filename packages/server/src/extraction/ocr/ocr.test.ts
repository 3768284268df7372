import * as mupdf from 'mupdf'
import { PDFDocument } from 'pdf-lib'
import { afterAll, describe, expect, it } from 'vitest'
import { extractDocument } from '../extract'
import { SOURCE_OCR } from '../sources'
import { closeOcr, configureOcr } from './pool'
import { openRenderable } from './render'
import { simulateScan } from './scan'
import { addNoise, rotateImage } from './scan-image'
import { austrianInvoicePdf, TEST_INVOICE } from './test-invoice'

// OCR needs a few seconds per page on a busy 2-core machine.
const OCR_TIMEOUT = 120_000

/** A PDF as a copier makes it: each page one scanned image at `dpi`, askew, no text layer. */
async function imageOnlyPdf(source: Uint8Array, dpi: number, degrees: number): Promise<Uint8Array> {
  const rendered = openRenderable(source, 'pdf')
  const raster = rendered.render(1, dpi)
  rendered.close()
  const image = addNoise(rotateImage(raster.image, degrees), 5)
  const pixmap = new mupdf.Pixmap(mupdf.ColorSpace.DeviceGray, [0, 0, image.width, image.height], false)
  pixmap.getPixels().set(image.data)
  const png = pixmap.asPNG()
  pixmap.destroy()
  const pdf = await PDFDocument.create()
  const page = pdf.addPage([raster.widthPt, raster.heightPt])
  page.drawImage(await pdf.embedPng(png), { x: 0, y: 0, width: raster.widthPt, height: raster.heightPt })
  return pdf.save()
}

describe('OCR of scanned invoices', () => {
  configureOcr({ workers: 1 })
  afterAll(() => closeOcr())

  it(
    'reads the invoice number and totals from a slightly rotated, noisy scan at 300 dpi',
    async () => {
      const scan = simulateScan(await austrianInvoicePdf(), { dpi: 300, degrees: 2, seed: 42 })
      const result = await extractDocument(scan)
      expect(result.ok).toBe(true)
      if (!result.ok) return
      expect(result.kind).toBe('tiff')
      expect(result.values.invoice_number?.value).toBe(TEST_INVOICE.number)
      expect(result.values.total_gross?.value).toBe(TEST_INVOICE.gross)
      expect(result.values.total_gross?.source).toBe(SOURCE_OCR)
      // The total's box stands where the amount is printed (x ≈ 450 pt, y ≈ 440 pt), within the skew.
      const box = result.values.total_gross?.box
      expect(box?.x).toBeGreaterThan(420)
      expect(box?.y).toBeGreaterThan(410)
      expect(box?.y).toBeLessThan(470)
    },
    OCR_TIMEOUT,
  )

  it(
    'reads a PDF whose page is only a scanned image (200 dpi, askew) by OCR',
    async () => {
      const result = await extractDocument(await imageOnlyPdf(await austrianInvoicePdf(), 200, -1.5))
      expect(result.ok).toBe(true)
      if (!result.ok) return
      expect(result.kind).toBe('pdf')
      expect(result.values.invoice_number?.value).toBe(TEST_INVOICE.number)
      expect(result.values.invoice_number?.source).toBe(SOURCE_OCR)
      expect(result.values.total_net?.value).toBe(TEST_INVOICE.net)
      expect(result.values.total_tax?.value).toBe(TEST_INVOICE.tax)
    },
    OCR_TIMEOUT,
  )

  it('leaves pages with a text layer to the text layer, without OCR', async () => {
    const result = await extractDocument(await austrianInvoicePdf())
    expect(result.ok).toBe(true)
    if (!result.ok) return
    expect(result.values.invoice_number?.value).toBe(TEST_INVOICE.number)
    expect(result.values.invoice_number?.source).not.toBe(SOURCE_OCR)
  })
})
