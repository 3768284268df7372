import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { getDocument, type PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs'

const require = createRequire(import.meta.url)
// Fonts and wasm come from the installed package so nothing is fetched at run time.
const pdfjsRoot = dirname(require.resolve('pdfjs-dist/package.json'))
const standardFontDataUrl = pathToFileURL(join(pdfjsRoot, 'standard_fonts') + '/').href
const wasmUrl = pathToFileURL(join(pdfjsRoot, 'wasm') + '/').href
const cMapUrl = pathToFileURL(join(pdfjsRoot, 'cmaps') + '/').href

/** Outcome of opening a PDF: the document, or why it could not be opened. */
export type OpenedPdf =
  | { ok: true; pdf: PDFDocumentProxy }
  | { ok: false; reason: 'encrypted' | 'broken'; message: string }

/** Opens a PDF with pdfjs; a password-protected or unreadable file is reported, not thrown. */
export async function openPdf(bytes: Uint8Array): Promise<OpenedPdf> {
  // pdfjs transfers (detaches) the buffer it is given, so it gets a copy.
  const data = new Uint8Array(bytes)
  const task = getDocument({
    data,
    verbosity: 0,
    standardFontDataUrl,
    wasmUrl,
    cMapUrl,
    cMapPacked: true,
    isEvalSupported: false,
    useSystemFonts: false,
    disableFontFace: true,
    stopAtErrors: false,
  })
  try {
    return { ok: true, pdf: await task.promise }
  } catch (error) {
    const name = error instanceof Error ? error.name : ''
    const message = error instanceof Error ? error.message : String(error)
    await task.destroy().catch(() => undefined)
    return { ok: false, reason: name === 'PasswordException' ? 'encrypted' : 'broken', message }
  }
}
