import type { PDFDocument } from 'pdf-lib'
import { MimeType } from '@portal/sdk/domain'
import type { BatchPage } from '@portal/sdk/state'
import { drawPage, MAX_PAGE_IMAGE_WIDTH } from '../../documents/file-thread/draw-page'
import { PageBuildError, type SourceFile } from './part-sources'

export { PageBuildError, type SourceFile }

/** A fixed date in the file, so the same pages make the same bytes (and a repeated part is found as a duplicate). */
const FIXED_DATE = new Date(Date.UTC(2000, 0, 1))

/**
 * One PDF of a part's pages with pdf-lib: PDF pages are copied as they are (text layer kept), image pages (PNG, JPEG,
 * TIFF pages drawn by mupdf) become PDF pages of their size; each page turned by its rotation. Blocks for long
 * stretches (mupdf, pdf-lib decoding and re-compressing each PNG): called in a file thread, never on the main thread.
 */
export async function buildPartPdf(pages: readonly BatchPage[], sources: ReadonlyMap<number, SourceFile>, loaded = new Map<number, PDFDocument>()): Promise<Uint8Array> {
  const { degrees, PDFDocument } = await import('pdf-lib')
  const out = await PDFDocument.create()
  out.setCreationDate(FIXED_DATE)
  out.setModificationDate(FIXED_DATE)
  out.setProducer('Portal document editor')
  for (const page of pages) {
    try {
      const source = sources.get(page.document_id)
      if (!source) throw new Error('source missing')
      let added
      if (source.mime === MimeType.pdf) {
        let pdf = loaded.get(page.document_id)
        if (!pdf) {
          pdf = await PDFDocument.load(source.bytes, { ignoreEncryption: false })
          loaded.set(page.document_id, pdf)
        }
        ;[added] = await out.copyPages(pdf, [page.page - 1])
        out.addPage(added)
      } else {
        // Drawn right here: this runs in a file thread (documents/file-thread/pool.ts, buildPartPdfsInThread).
        const png = source.mime === MimeType.png && page.page === 1 ? source.bytes : drawPage(source.bytes, source.mime, page.page, MAX_PAGE_IMAGE_WIDTH)?.png
        if (!png) throw new Error('page not in file')
        const image = source.mime === MimeType.jpeg && page.page === 1 ? await out.embedJpg(source.bytes) : await out.embedPng(png)
        added = out.addPage([image.width * 0.75, image.height * 0.75])
        added.drawImage(image, { x: 0, y: 0, width: image.width * 0.75, height: image.height * 0.75 })
      }
      if (page.rotation !== 0) added.setRotation(degrees((added.getRotation().angle + page.rotation) % 360))
    } catch (error) {
      throw new PageBuildError(page, error)
    }
  }
  return out.save({ useObjectStreams: false })
}
