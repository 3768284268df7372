import { afterAll, describe, expect, it } from 'vitest'
import { extractDocument } from '../extract'
import { SOURCE_OCR } from '../sources'
import { closeOcr, configureOcr } from './pool'
import { simulateScan } from './scan'
import { austrianInvoicePdf, TEST_INVOICE } from './test-invoice'

// OCR needs a few seconds per page on a busy 2-core machine.
const OCR_TIMEOUT = 120_000

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
})
