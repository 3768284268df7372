import type { PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs'
import { FileKind as FileKinds } from '@portal/sdk/domain'
import { detectFileKind, hasDoctype, readXmlRoot } from './detect'
import { ebInterfaceVersion, isReadEbInterfaceVersion } from './einvoice/ebinterface'
import { readImagePages, type ImagePage } from './image-size'
import { openPdf } from './text/pdf-document'
import type { FileKind, Refusal } from './types'

/** Limits a file must respect to be accepted. */
export interface IntakeLimits {
  maxBytes: number
  maxPages: number
  /** Largest width × height of one image page; bigger ones would exhaust memory when decoded. */
  maxPixels: number
}

/** Defaults of issue 5: 50 MB, 500 pages, 100 megapixels a page (about 400 MB as RGBA). */
export const DEFAULT_LIMITS: IntakeLimits = { maxBytes: 50 * 1024 * 1024, maxPages: 500, maxPixels: 100_000_000 }

/** An accepted file: its kind and page count; `pdf` stays open for extraction and must be destroyed. */
export type Inspection =
  | { ok: true; kind: FileKind; pages: number; pdf?: PDFDocumentProxy; images?: ImagePage[] }
  | { ok: false; refusal: Refusal }

function refuse(key: Refusal['key'], params?: Refusal['params']): Inspection {
  return { ok: false, refusal: params ? { key, params } : { key } }
}

/** Recognises a file by content and checks it against the limits; refusals carry an i18n key. */
export async function inspectFile(bytes: Uint8Array, limits: IntakeLimits = DEFAULT_LIMITS): Promise<Inspection> {
  if (bytes.length === 0) return refuse('refusal.empty')
  if (bytes.length > limits.maxBytes) return refuse('refusal.tooLarge', { max: limits.maxBytes })
  const kind = await detectFileKind(bytes)
  if (!kind) return refuse('refusal.unsupportedType')
  if (kind === 'pdf') {
    const opened = await openPdf(bytes)
    if (!opened.ok) return refuse(opened.reason === 'encrypted' ? 'refusal.encryptedPdf' : 'refusal.brokenPdf')
    const pages = opened.pdf.numPages
    if (pages < 1) {
      await opened.pdf.destroy()
      return refuse('refusal.brokenPdf')
    }
    if (pages > limits.maxPages) {
      await opened.pdf.destroy()
      return refuse('refusal.tooManyPages', { pages, max: limits.maxPages })
    }
    return { ok: true, kind, pages, pdf: opened.pdf }
  }
  if (kind === 'png' || kind === 'jpeg' || kind === 'tiff') {
    const images = readImagePages(kind, bytes)
    if (!images || images.some((page) => page.width < 1 || page.height < 1)) return refuse('refusal.brokenImage')
    if (images.length > limits.maxPages) return refuse('refusal.tooManyPages', { pages: images.length, max: limits.maxPages })
    const largest = Math.max(...images.map((page) => page.width * page.height))
    if (largest > limits.maxPixels) return refuse('refusal.tooManyPixels', { pixels: largest, max: limits.maxPixels })
    return { ok: true, kind, pages: images.length, images }
  }
  // The rest are XML e-invoices.
  if (hasDoctype(bytes)) return refuse('refusal.xmlDoctype')
  if (kind === FileKinds.xmlEbInterface) {
    const version = ebInterfaceVersion(readXmlRoot(bytes)?.namespace ?? '')
    if (!isReadEbInterfaceVersion(version)) return refuse('refusal.ebInterfaceVersion', { version: version ?? '?' })
  }
  return { ok: true, kind, pages: 1 }
}
