import * as mupdf from 'mupdf'
import { MimeType } from '@portal/sdk/domain'
import { hasPageImages, MAX_PAGE_IMAGE_WIDTH, type PageImage } from './page-images'
import { encodePng } from './png'

/** Most pixels of one page image (an A4 page at 300 dpi twice over), so a very long strip cannot exhaust memory. */
const MAX_PAGE_IMAGE_PIXELS = 2 * 2480 * 3508

/** Resolution PDF pages are drawn at: sharp on screen, cheaper than the scanner's 300 dpi. */
const PDF_DPI = 150

export { hasPageImages, MAX_PAGE_IMAGE_WIDTH, type PageImage }

/** What an image page holds: its pixel size and whether it is gray (rendered gray, three times cheaper to encode). */
function imageOf(page: mupdf.Page): { width: number; height: number; gray: boolean } | null {
  let found: { width: number; height: number; gray: boolean } | null = null
  const device = new mupdf.Device({
    fillImage(image) {
      found ??= { width: image.getWidth(), height: image.getHeight(), gray: image.getColorSpace()?.isGray() ?? false }
    },
  })
  try {
    page.run(device, mupdf.Matrix.identity)
    device.close()
  } finally {
    device.destroy()
  }
  return found
}

/**
 * Draws one page (1-based) as PNG, blocking while it works: it runs in a file thread (see ./pool.ts),
 * never on the server's main thread. Null for a page the file does not have.
 */
export function drawPage(bytes: Uint8Array, mime: string, pageNumber: number, maxWidth: number): PageImage | null {
  if (!hasPageImages(mime)) return null
  const doc = mupdf.Document.openDocument(bytes, mime)
  let page: mupdf.Page | undefined
  let pixmap: mupdf.Pixmap | undefined
  try {
    if (pageNumber < 1 || pageNumber > doc.countPages()) return null
    page = doc.loadPage(pageNumber - 1)
    const [x0, y0, x1, y1] = page.getBounds()
    const widthPt = x1 - x0
    const heightPt = y1 - y0
    if (widthPt <= 0 || heightPt <= 0) return null
    const image = mime === MimeType.pdf ? null : imageOf(page)
    // An image page is drawn at its own pixel size (whatever its orientation); finer would invent nothing.
    let scale = image ? Math.sqrt((image.width * image.height) / (widthPt * heightPt)) : PDF_DPI / 72
    scale = Math.min(scale, Math.min(maxWidth, MAX_PAGE_IMAGE_WIDTH) / widthPt, Math.sqrt(MAX_PAGE_IMAGE_PIXELS / (widthPt * heightPt)))
    pixmap = page.toPixmap(mupdf.Matrix.scale(scale, scale), image?.gray ? mupdf.ColorSpace.DeviceGray : mupdf.ColorSpace.DeviceRGB, false, false)
    const width = pixmap.getWidth()
    const height = pixmap.getHeight()
    const channels = pixmap.getNumberOfComponents() === 1 ? 1 : 3
    // Encoded with Node's zlib: mupdf's own PNG writer took ~1.5 s for a 2480 px scan page (see ./png.ts).
    return { png: encodePng({ width, height, channels, stride: pixmap.getStride(), data: pixmap.getPixels() }), width, height }
  } finally {
    pixmap?.destroy()
    page?.destroy()
    doc.destroy()
  }
}
