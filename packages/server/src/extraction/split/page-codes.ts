import * as mupdf from 'mupdf'
import jsQR from 'jsqr'

/** Resolution separator sheets are looked at: a QR code of a few centimetres reads well, and a page costs little. */
const DPI = 100

/**
 * The QR codes on the given pages (1-based) of a PDF or image file, drawn with mupdf and read with jsQR: a separator
 * sheet's code (PATCH-T or the firm's own text). Pages that cannot be drawn answer no codes.
 */
export async function readPageCodes(bytes: Uint8Array, mime: string, pages: readonly number[]): Promise<Map<number, string[]>> {
  const codes = new Map<number, string[]>()
  if (pages.length === 0) return codes
  const doc = mupdf.Document.openDocument(bytes, mime)
  try {
    for (const number of pages) {
      if (number < 1 || number > doc.countPages()) continue
      // Other requests run between pages.
      await new Promise<void>((resolve) => setImmediate(resolve))
      const page = doc.loadPage(number - 1)
      const pixmap = page.toPixmap(mupdf.Matrix.scale(DPI / 72, DPI / 72), mupdf.ColorSpace.DeviceRGB, true, false)
      try {
        const found = jsQR(new Uint8ClampedArray(pixmap.getPixels()), pixmap.getWidth(), pixmap.getHeight())
        if (found?.data) codes.set(number, [found.data])
      } finally {
        pixmap.destroy()
        page.destroy()
      }
    }
  } finally {
    doc.destroy()
  }
  return codes
}
