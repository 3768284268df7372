import { describe, expect, it } from 'vitest'
import { CONTRADICTED_CONFIDENCE, needsAttention, OCR_DOUBTFUL_WORD_CONFIDENCE, ocrReadingConfidence } from './attention'
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

  it('keeps the old mark below 0.8 for e-invoice and memory values, and never marks a person’s value', () => {
    expect(needsAttention('invoice_number', DataSource.E_Invoice_XML, 0.55)).toBe(true)
    expect(needsAttention('invoice_number', DataSource.Machine_Learning, 0.55)).toBe(true)
    expect(needsAttention('invoice_number', DataSource.Human_Labeling, 0.1)).toBe(false)
  })

  // Issue 32: scans showed 7.5 marks per all-right document under the fixed 0.8 cutoff; the thresholds are now chosen on
  // the tuning part of the 300 dpi scans, as the text layer's are on its pages.
  it('marks OCR values by the thresholds the tuning scans support, not below a fixed 0.8', () => {
    for (const [field, confidence] of [['invoice_number', 0.55], ['seller_vat_id', 0.38], ['currency', 0.6], ['due_date', 0.5], ['issue_date', 0.5], ['buyer_address', 0.4], ['iban', 0.4]] as const) {
      expect(needsAttention(field, DataSource.OCR, confidence)).toBe(false)
    }
    // A name read without a second printing, a buyer block's first line: the kinds OCR got wrong on the tuning scans.
    expect(needsAttention('buyer_name', DataSource.OCR, 0.4)).toBe(true)
    expect(needsAttention('seller_name', DataSource.OCR, 0.45)).toBe(true)
    expect(needsAttention('buyer_name', DataSource.OCR, 0.5)).toBe(false)
    // Fields the corpora's truth does not state are marked below the text layer's unmeasured threshold.
    expect(needsAttention('payment_method', DataSource.OCR, 0.45)).toBe(true)
    expect(needsAttention('payment_method', DataSource.OCR, 0.55)).toBe(false)
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

  // Issue 32: on scans, wrong values that pass are misread letters ("Rechtsanwdlte", "Majolie") the rules' confidence
  // cannot tell from right ones; the OCR engine's own word confidence can.
  it('marks an OCR value read from a word the engine doubted, not one read from words it was sure of', () => {
    expect(needsAttention('buyer_name', DataSource.OCR, ocrReadingConfidence(0.9, 25))).toBe(true)
    expect(needsAttention('total_gross', DataSource.OCR, ocrReadingConfidence(0.95, 25))).toBe(true)
    expect(needsAttention('buyer_name', DataSource.OCR, ocrReadingConfidence(0.9, 95))).toBe(false)
    // No word confidence (a text layer, a value not read from words): the rules' and the evidence's confidence stands.
    expect(ocrReadingConfidence(0.9, undefined)).toBe(0.9)
    expect(ocrReadingConfidence(0.9, OCR_DOUBTFUL_WORD_CONFIDENCE)).toBe(0.9)
  })
})
