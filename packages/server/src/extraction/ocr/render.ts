import * as mupdf from 'mupdf'
import { readImagePages } from '../image-size'
import type { FileKind } from '../types'
import type { GrayImage, PageRaster } from './raster'
import { RENDER_MIME as MAGIC } from './renderable'

export { isRenderable, RENDERABLE_MIMES } from './renderable'

/** Resolution PDF pages without a text layer are rendered at for OCR. */
export const DEFAULT_OCR_DPI = 300

// An A4 page at 300 dpi; larger image pages are rendered down to this many pixels, as more costs time, not accuracy.
const MAX_OCR_PIXELS = 2480 * 3508

/** A file opened for rendering; `close` frees mupdf's memory. */
export interface RenderableDocument {
  pages: number
  /** Renders one page (1-based) to gray pixels; PDFs at `dpi`, images at their own resolution. */
  render(page: number, dpi?: number): PageRaster
  close(): void
}

function grayPixels(pixmap: mupdf.Pixmap): GrayImage {
  const width = pixmap.getWidth()
  const height = pixmap.getHeight()
  const stride = pixmap.getStride()
  // The pixels live in mupdf's WASM memory: copy them out before the pixmap is freed.
  const source = pixmap.getPixels()
  const data = new Uint8Array(width * height)
  if (stride === width) data.set(source.subarray(0, width * height))
  else for (let y = 0; y < height; y += 1) data.set(source.subarray(y * stride, y * stride + width), y * width)
  return { width, height, data }
}

/** Opens a PDF or image (PNG, JPEG, multi-page TIFF) with mupdf to render its pages. */
export function openRenderable(bytes: Uint8Array, kind: FileKind): RenderableDocument {
  const magic = MAGIC[kind]
  if (!magic) throw new TypeError(`cannot render ${kind}`)
  const doc = mupdf.Document.openDocument(bytes, magic)
  const imagePixels = kind === 'pdf' ? null : readImagePages(kind, bytes)
  return {
    pages: doc.countPages(),
    render(pageNumber, dpi = DEFAULT_OCR_DPI) {
      const page = doc.loadPage(pageNumber - 1)
      try {
        const [x0, y0, x1, y1] = page.getBounds()
        const widthPt = x1 - x0
        const heightPt = y1 - y0
        let scale = dpi / 72
        const native = imagePixels?.[pageNumber - 1]
        // An image page is read at its own pixel size: rendering it finer invents nothing.
        if (native && widthPt > 0) scale = native.width / widthPt
        const pixels = widthPt * heightPt * scale * scale
        if (pixels > MAX_OCR_PIXELS) scale *= Math.sqrt(MAX_OCR_PIXELS / pixels)
        const pixmap = page.toPixmap(mupdf.Matrix.scale(scale, scale), mupdf.ColorSpace.DeviceGray, false, false)
        try {
          return { page: pageNumber, image: grayPixels(pixmap), widthPt, heightPt }
        } finally {
          pixmap.destroy()
        }
      } finally {
        page.destroy()
      }
    },
    close() {
      doc.destroy()
    },
  }
}
