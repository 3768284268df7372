import type { PDFDocumentProxy } from 'pdfjs-dist'

/**
 * Opens a PDF from bytes with pdf.js in its web worker. pdf.js (about 400 kB) and its worker are loaded only
 * here, on first use, so neither is part of the initial bundle.
 */
export async function loadPdf(bytes: Uint8Array): Promise<PDFDocumentProxy> {
  const [pdfjs, worker] = await Promise.all([loadPdfModule(), import('pdfjs-dist/build/pdf.worker.min.mjs?url')])
  pdfjs.GlobalWorkerOptions.workerSrc = worker.default
  // pdf.js takes ownership of the buffer it is given; a copy keeps the caller's bytes usable.
  return pdfjs.getDocument({ data: bytes.slice(), isEvalSupported: false, useSystemFonts: true }).promise
}

/** The pdf.js module (its chunk is loaded once; later calls answer at once), e.g. for its TextLayer. */
export function loadPdfModule() {
  return import('pdfjs-dist/build/pdf.mjs')
}
