import { MimeType } from '@portal/sdk/domain'
import type { FileKind } from '../types'

// Which files mupdf renders pages of, apart from mupdf itself: the main thread asks this without loading mupdf
// (its WebAssembly compiles where pages are drawn, in the extraction and file threads).

/** The mime type mupdf opens each renderable kind of file as. */
export const RENDER_MIME: Partial<Record<FileKind, string>> = {
  pdf: MimeType.pdf,
  png: MimeType.png,
  jpeg: MimeType.jpeg,
  tiff: MimeType.tiff,
}

/** Mime types of the files mupdf renders pages of (as stored with a document). */
export const RENDERABLE_MIMES: ReadonlySet<string> = new Set(Object.values(RENDER_MIME))

/** Whether pages of this kind of file can be rendered for OCR. */
export function isRenderable(kind: FileKind): boolean {
  return RENDER_MIME[kind] !== undefined
}
