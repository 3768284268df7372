import { MAX_PAGE_IMAGE_WIDTH, type PageImage } from './file-thread/draw-page'
import { drawPageInThread } from './file-thread/pool'

export { hasPageImages, MAX_PAGE_IMAGE_WIDTH, type PageImage } from './file-thread/draw-page'

/**
 * Draws one page (1-based) of a PDF, PNG, JPEG or multi-page TIFF as PNG: images at their own pixel size,
 * PDFs at 150 dpi, never wider than MAX_PAGE_IMAGE_WIDTH (or `maxWidth`, for thumbnails). Answers null for a page the
 * file does not have. mupdf draws in a file thread (a small pool, one page per thread at a time): a 300 dpi page
 * takes it a few hundred milliseconds, which on the main thread stalled every other request of the server.
 * `handOver`: the caller is done with `bytes`, so their buffer moves to the thread instead of being copied.
 */
export function renderPageImage(bytes: Uint8Array, mime: string, pageNumber: number, maxWidth = MAX_PAGE_IMAGE_WIDTH, handOver = false): Promise<PageImage | null> {
  return drawPageInThread(bytes, mime, pageNumber, maxWidth, handOver)
}
