import { describe, expect, it } from 'vitest'
import { CONTRADICTED_CONFIDENCE, needsAttention } from './attention'
import { DataSource } from './dataSources'

// Issue 32 item 2: a clean text-layer invoice showed 11–14 "please check" marks. The thresholds are per field, chosen on
// the corpora's tuning part; values of sources not yet calibrated keep the old mark below 0.8.
describe('needsAttention', () => {
  it('does not mark the text layer’s rule values that are right on the corpora at their usual confidence', () => {
    expect(needsAttention('buyer_name', DataSource.PDF_Parse, 0.4)).toBe(false)
    expect(needsAttention('buyer_address', DataSource.PDF_Parse, 0.4)).toBe(false)
    expect(needsAttention('tax_breakdown', DataSource.PDF_Parse, 0.6)).toBe(false)
    expect(needsAttention('currency', DataSource.PDF_Parse, 0.6)).toBe(false)
    expect(needsAttention('invoice_number', DataSource.PDF_Parse, 0.55)).toBe(false)
  })

  it('marks the values of the kinds the tuning part found wrong: a bare letterhead name, a contested due date', () => {
    expect(needsAttention('seller_name', DataSource.PDF_Parse, 0.45)).toBe(true)
    expect(needsAttention('due_date', DataSource.PDF_Parse, 0.5)).toBe(true)
    expect(needsAttention('seller_name', DataSource.PDF_Parse, 0.95)).toBe(false)
  })

  it('keeps the old mark below 0.8 for OCR and e-invoice values, and never marks a person’s value', () => {
    expect(needsAttention('invoice_number', DataSource.OCR, 0.55)).toBe(true)
    expect(needsAttention('invoice_number', DataSource.E_Invoice_XML, 0.55)).toBe(true)
    expect(needsAttention('invoice_number', DataSource.Human_Labeling, 0.1)).toBe(false)
  })

  it('marks a value the document contradicts in every field, whatever its threshold and source', () => {
    for (const field of ['total_gross', 'seller_vat_id', 'iban', 'delivery_date', 'buyer_name', 'seller_name', 'payment_method']) {
      expect(needsAttention(field, DataSource.PDF_Parse, CONTRADICTED_CONFIDENCE)).toBe(true)
      expect(needsAttention(field, DataSource.OCR, CONTRADICTED_CONFIDENCE)).toBe(true)
    }
    // The lowest confidence a rule gives a right value of its own (a buyer VAT id found without a label) stays unmarked.
    expect(needsAttention('buyer_vat_id', DataSource.PDF_Parse, 0.3)).toBe(false)
    expect(CONTRADICTED_CONFIDENCE).toBeLessThan(0.3)
  })
})
