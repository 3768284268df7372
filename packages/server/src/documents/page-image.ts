import { MAX_PAGE_IMAGE_WIDTH, type PageImage } from './file-thread/page-images'
import { drawPageInThread } from './file-thread/pool'
import type { ThreadFile } from './file-thread/worker'
import { PageImageCache } from './page-image-cache'

export { hasPageImages, MAX_PAGE_IMAGE_WIDTH, type PageImage } from './file-thread/page-images'

/**
 * Draws one page (1-based) of a PDF, PNG, JPEG or multi-page TIFF as PNG: images at their own pixel size,
 * PDFs at 150 dpi, never wider than MAX_PAGE_IMAGE_WIDTH (or `maxWidth`, for thumbnails). Answers null for a page the
 * file does not have. mupdf draws in a file thread (a small pool, one page per thread at a time): a 300 dpi page
 * takes it a few hundred milliseconds, which on the main thread stalled every other request of the server.
 * `file` is the bytes or the file's path (read by the thread). `handOver`: the caller is done with the bytes, so their
 * buffer moves to the thread instead of being copied.
 */
export function renderPageImage(file: ThreadFile, mime: string, pageNumber: number, maxWidth = MAX_PAGE_IMAGE_WIDTH, handOver = false): Promise<PageImage | null> {
  return drawPageInThread(file, mime, pageNumber, maxWidth, handOver)
}

/** PNG kept of pages already drawn: some ten full 300 dpi scan pages, or hundreds of thumbnails. */
const PAGE_IMAGE_CACHE_BYTES = 64 * 1024 * 1024

const pageImages = new PageImageCache(PAGE_IMAGE_CACHE_BYTES)

/**
 * The page image of the stored file `sha256` (at the local path `localFile` answers) at `maxWidth`, from the cache of
 * pages drawn (see PageImageCache), else drawn by a file thread that reads the file itself: a page seen before needs
 * neither the file nor a thread, and the file's bytes never pass through the main thread. An absent file rejects with
 * code ENOENT.
 */
export function storedPageImage(sha256: string, localFile: () => Promise<string>, mime: string, pageNumber: number, maxWidth: number): Promise<PageImage | null> {
  return pageImages.get(sha256, pageNumber, maxWidth, async () => renderPageImage(await localFile(), mime, pageNumber, maxWidth))
}
