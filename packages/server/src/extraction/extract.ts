import type { PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs'
import { isXmlFileKind } from '@portal/sdk/domain'
import { bestCandidates } from './best'
import { eInvoiceCandidates } from './einvoice/candidates'
import { findEmbeddedEInvoice } from './einvoice/pdf-attachments'
import { readEInvoiceXml } from './einvoice/read'
import type { EInvoiceData } from './einvoice/types'
import { checkEInvoice } from './einvoice/validate'
import type { EInvoiceValidation } from '@portal/sdk/domain'
import { DEFAULT_LIMITS, inspectFile, type IntakeLimits } from './inspect'
import { readPagesWithOcr } from './ocr/read-pages'
import { plausibleCandidates } from './plausible'
import { settleConfidence } from './confidence'
import { withOcrSource } from './ocr/source'
import { withWordConfidence } from './ocr/word-confidence'
import { extractFromPages } from './rules/extract-fields'
import { readPdfTextFast } from './text/mupdf-text'
import type { PageText } from './text/layout'
import type { Candidate, ClientParty, FieldName, FileKind, Refusal } from './types'

/** Options of one extraction run. */
export interface ExtractOptions {
  limits?: IntakeLimits
  /** Skip the embedded XML of a PDF and read the visible page (evaluation, or a cross-check). */
  ignoreEmbeddedXml?: boolean
  /** The client company the document was uploaded for: never proposed as the other party. */
  client?: ClientParty
}

/** What the engine found in one file. */
export type ExtractionResult =
  | {
      ok: true
      kind: FileKind
      pages: number
      /** The structured e-invoice, when the file is one or carries one. */
      einvoice: EInvoiceData | null
      /** The e-invoice checked against the official business rules of its profile; null without one. */
      validation: EInvoiceValidation | null
      /** Text of each page with positions (text layer, or OCR where there is none). */
      text: PageText[]
      candidates: Candidate[]
      /** Current value per field: the best candidate. */
      values: Partial<Record<FieldName, Candidate>>
    }
  | { ok: false; refusal: Refusal }

async function extractPdf(pdf: PDFDocumentProxy, bytes: Uint8Array, options: ExtractOptions) {
  let einvoice: EInvoiceData | null = null
  let validation: EInvoiceValidation | null = null
  if (!options.ignoreEmbeddedXml) {
    const xml = await findEmbeddedEInvoice(pdf)
    if (xml) einvoice = readEInvoiceXml(xml)
    if (xml && einvoice) validation = await checkEInvoice(einvoice, xml)
  }
  // Pages without a usable text layer (scans) are read by OCR; their candidates carry the OCR source.
  // mupdf reads text layers several times faster than pdfjs; pdfjs still opens the file and its attachments.
  const { text, ocrPages } = await readPagesWithOcr(bytes, 'pdf', await readPdfTextFast(bytes))
  const visible = settleConfidence(plausibleCandidates(withWordConfidence(withOcrSource(extractFromPages(text, options.client), ocrPages, ocrPages.size === text.length), text)), text)
  const candidates = plausibleCandidates([...(einvoice ? eInvoiceCandidates(einvoice) : []), ...visible])
  return { einvoice, validation, text, candidates }
}

/** Recognises, checks and reads one file: structured XML exactly, otherwise the visible page by rules. */
export async function extractDocument(bytes: Uint8Array, options: ExtractOptions = {}): Promise<ExtractionResult> {
  const inspection = await inspectFile(bytes, options.limits ?? DEFAULT_LIMITS)
  if (!inspection.ok) return inspection
  const { kind, pages } = inspection
  if (isXmlFileKind(kind)) {
    const einvoice = readEInvoiceXml(bytes)
    if (!einvoice) return { ok: false, refusal: { key: 'refusal.brokenXml' } }
    const candidates = plausibleCandidates(eInvoiceCandidates(einvoice))
    const validation = await checkEInvoice(einvoice, bytes)
    return { ok: true, kind, pages, einvoice, validation, text: [], candidates, values: bestCandidates(candidates) }
  }
  if (kind === 'pdf' && inspection.pdf) {
    try {
      const { einvoice, validation, text, candidates } = await extractPdf(inspection.pdf, bytes, options)
      return { ok: true, kind, pages, einvoice, validation, text, candidates, values: bestCandidates(candidates) }
    } finally {
      await inspection.pdf.destroy()
    }
  }
  // Images (PNG, JPEG, TIFF) are read by OCR, every page.
  const { text, ocrPages } = await readPagesWithOcr(bytes, kind, null)
  const candidates = settleConfidence(plausibleCandidates(withWordConfidence(withOcrSource(extractFromPages(text, options.client), ocrPages, true), text)), text)
  return { ok: true, kind, pages, einvoice: null, validation: null, text, candidates, values: bestCandidates(candidates) }
}
