import type { DocumentFieldName } from './fields'
import { DataSource, isHumanSource } from './dataSources'

/**
 * Below this confidence a value the rules read from a PDF's text layer is marked "Low confidence: please check".
 * Chosen per field on the tuning part of the corpora and the Austrian development seeds (`npm run eval:extraction --
 * DIR --noxml --calibrate`): the threshold that marks fewest right values plus ten for each wrong value it lets pass.
 * 0: no wrong value of the field was seen on the tuning part, or none sat below a right one's confidence, so a mark
 * would only ever fall on right values. Measured on the held-out parts by `npm run bench -- extraction` (docs/ocr.md).
 */
export const ATTENTION_THRESHOLDS: Partial<Record<DocumentFieldName, number>> = {
  invoice_number: 0,
  issue_date: 0,
  delivery_date: 0,
  service_period_start: 0,
  service_period_end: 0,
  seller_name: 0.455,
  seller_vat_id: 0,
  company_register_number: 0,
  buyer_name: 0,
  buyer_address: 0,
  buyer_vat_id: 0,
  currency: 0,
  total_net: 0,
  total_tax: 0,
  tax_breakdown: 0,
  total_gross: 0,
  amount_due: 0.405,
  due_date: 0.505,
  skonto_due_date: 0,
  skonto_percent: 0,
  iban: 0,
  bic: 0,
  iban_payer_debit: 0,
  small_business: 0,
  reverse_charge: 0,
}

/**
 * Below this confidence a value OCR read from a scan is marked. Chosen per field as the text layer's are, on the tuning
 * part of the same corpora and development seeds rendered to 300 dpi scans and read by the native engine (`npm run
 * bench -- extraction` prints the thresholds the tuning scans support beside these): the threshold that marks fewest
 * right values plus ten for each wrong value it lets pass. The rules' confidences on OCR text are the text layer's,
 * settled by the same evidence; 0 where no wrong value of the field sat below right ones. Before, every OCR value below
 * 0.8 was marked: 7.5 marks per all-right scan (docs/ocr.md).
 */
export const OCR_ATTENTION_THRESHOLDS: Partial<Record<DocumentFieldName, number>> = {
  // The same fields as the text layer's (those the corpora's truth states), 0 unless the tuning scans support more.
  ...Object.fromEntries(Object.keys(ATTENTION_THRESHOLDS).map((field) => [field, 0])),
  seller_name: 0.455,
  buyer_name: 0.405,
  total_gross: 0.372,
  amount_due: 0.405,
  delivery_date: 0.255,
}

/** A text-layer or OCR field the corpora say nothing of (their truth does not state it) is marked below this. */
export const UNMEASURED_ATTENTION_THRESHOLD = 0.5

/**
 * Values from other machines (the supplier memory, an e-invoice's XML) are marked below this, as every value was before
 * issue 32: their flag is not calibrated yet.
 */
export const UNCALIBRATED_ATTENTION_THRESHOLD = 0.8

/**
 * A machine's value the document itself contradicts is settled at or below this confidence by the extraction engine
 * (`extraction/confidence.ts`: totals that do not add up, a failed check digit or IBAN checksum, a date implausible
 * beside the others, one end of a period read as a single date, another company in the seller's imprint, a salutation
 * naming another addressee; and a value OCR read from a word it doubted, ocrReadingConfidence), and every field marks it,
 * whatever its threshold. Below every confidence a rule gives a value of its own (the lowest, a buyer VAT id found
 * without a label, is 0.3).
 */
export const CONTRADICTED_CONFIDENCE = 0.25

/**
 * The OCR engine's own confidence in a word (tesseract's, 0..100) below which a value read from that word asks to be
 * checked, whatever the rules and the document's evidence say of it. Chosen on the tuning part of the 300 dpi scans
 * (`npm run bench -- extraction` prints the cutoff the tuning scans support and both rates on both parts): the highest
 * cutoff that adds no mark there. Any higher one buys no wrong value before 70 and more than one mark per all-right
 * scan from 60 on: the wrong values that pass are misread at 88–97 ("Rechtsanwdlte", "Majolie", 13 for 20 %), as sure
 * as right ones (docs/ocr.md).
 */
export const OCR_DOUBTFUL_WORD_CONFIDENCE = 29

/**
 * The confidence an OCR value is shown with, given the lowest confidence the OCR engine gave a word it was read from
 * (undefined: not read from OCR words): read from a doubtful word, it is settled at CONTRADICTED_CONFIDENCE and marked in
 * every field; otherwise the rules' confidence as the document's evidence settled it stands.
 */
export function ocrReadingConfidence(confidence: number, lowestWordConfidence: number | undefined): number {
  return lowestWordConfidence !== undefined && lowestWordConfidence < OCR_DOUBTFUL_WORD_CONFIDENCE ? Math.min(confidence, CONTRADICTED_CONFIDENCE) : confidence
}

/** The confidence below which a machine's value of the field from this source asks to be checked. */
export function attentionThreshold(field: string, source: number): number {
  const thresholds = source === DataSource.PDF_Parse ? ATTENTION_THRESHOLDS : source === DataSource.OCR ? OCR_ATTENTION_THRESHOLDS : null
  if (!thresholds) return UNCALIBRATED_ATTENTION_THRESHOLD
  return thresholds[field as DocumentFieldName] ?? UNMEASURED_ATTENTION_THRESHOLD
}

/**
 * Whether a value asks to be checked ("Low confidence: please check"): a machine's value the document contradicts, or
 * below its field's threshold. A person's value never does. The review screen, the confirmation (what the person
 * vouched for) and the extraction bench all decide by this one rule.
 */
export function needsAttention(field: string, source: number, confidence: number): boolean {
  if (isHumanSource(source)) return false
  return confidence <= CONTRADICTED_CONFIDENCE || confidence < attentionThreshold(field, source)
}
