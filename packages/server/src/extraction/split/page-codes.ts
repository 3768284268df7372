import type { DecodeHintType, MultiFormatReader } from '@zxing/library'

/**
 * Resolution separator sheets are looked at: a QR code of a few centimetres reads well at 100 dpi, the bars of a
 * barcode of ordinary size need a little more; a sparse page costs little either way.
 */
const DPI = 150

// mupdf, jsQR and zxing load with the first page looked at, not with the server.
const libraries = async () => {
  const [mupdf, { default: jsQR }, zxing] = await Promise.all([import('mupdf'), import('jsqr'), import('@zxing/library')])
  return { mupdf, jsQR, zxing }
}
type Zxing = Awaited<ReturnType<typeof libraries>>['zxing']

/** One reader for barcodes, reused (its hints are set once). */
function barcodeReader(zxing: Zxing): MultiFormatReader {
  const { BarcodeFormat, MultiFormatReader } = zxing
  // The barcodes a separator sheet carries (PATCH-T as Code 39 or Code 128, as scanner vendors and Paperless print it).
  const BARCODE_FORMATS = [BarcodeFormat.CODE_39, BarcodeFormat.CODE_128, BarcodeFormat.CODE_93, BarcodeFormat.CODABAR, BarcodeFormat.ITF]
  const reader = new MultiFormatReader()
  reader.setHints(
    new Map<DecodeHintType, unknown>([
      [zxing.DecodeHintType.POSSIBLE_FORMATS, BARCODE_FORMATS],
      [zxing.DecodeHintType.TRY_HARDER, true],
    ]),
  )
  return reader
}

/** Grey values below this are ink; a page without any (a blank page) carries no code and is not searched. */
const INK = 128

/** A page drawn on white: RGBA for jsQR and grey (one byte a pixel) for zxing's luminance source; whether it has ink. */
function rastersOf(rgb: ArrayLike<number>): { rgba: Uint8ClampedArray; grey: Uint8ClampedArray; inked: boolean } {
  const grey = new Uint8ClampedArray(rgb.length / 3)
  const rgba = new Uint8ClampedArray(grey.length * 4)
  let inked = false
  for (let pixel = 0, from = 0, to = 0; pixel < grey.length; pixel += 1, from += 3, to += 4) {
    const r = rgb[from]
    const g = rgb[from + 1]
    const b = rgb[from + 2]
    rgba[to] = r
    rgba[to + 1] = g
    rgba[to + 2] = b
    rgba[to + 3] = 255
    grey[pixel] = (r * 77 + g * 150 + b * 29) >> 8
    if (grey[pixel] < INK) inked = true
  }
  return { rgba, grey, inked }
}

/** The value of the barcode on a raster, or null (zxing throws when it finds none). */
function readBarcode({ BinaryBitmap, HybridBinarizer, RGBLuminanceSource }: Zxing, reader: MultiFormatReader, grey: Uint8ClampedArray, width: number, height: number): string | null {
  try {
    return reader.decode(new BinaryBitmap(new HybridBinarizer(new RGBLuminanceSource(grey, width, height)))).getText()
  } catch {
    return null
  } finally {
    reader.reset()
  }
}

/**
 * The QR codes and barcodes on the given pages (1-based) of a PDF or image file, drawn with mupdf and read with jsQR
 * (QR codes) and zxing (Code 39, Code 128, Code 93, Codabar, ITF): a separator sheet's code (PATCH-T or the firm's
 * own text). Pages that cannot be drawn answer no codes.
 */
export async function readPageCodes(bytes: Uint8Array, mime: string, pages: readonly number[]): Promise<Map<number, string[]>> {
  const codes = new Map<number, string[]>()
  if (pages.length === 0) return codes
  const { mupdf, jsQR, zxing } = await libraries()
  const doc = mupdf.Document.openDocument(bytes, mime)
  const reader = barcodeReader(zxing)
  try {
    for (const number of pages) {
      if (number < 1 || number > doc.countPages()) continue
      // Other requests run between pages.
      await new Promise<void>((resolve) => setImmediate(resolve))
      const page = doc.loadPage(number - 1)
      // Without alpha: drawn on white, as printed (a transparent background would read as black).
      const pixmap = page.toPixmap(mupdf.Matrix.scale(DPI / 72, DPI / 72), mupdf.ColorSpace.DeviceRGB, false, false)
      try {
        const { rgba, grey, inked } = rastersOf(pixmap.getPixels())
        const [width, height] = [pixmap.getWidth(), pixmap.getHeight()]
        if (!inked) continue
        // Separator sheets are printed dark on light: jsQR need not try the inverted page too.
        const qr = jsQR(rgba, width, height, { inversionAttempts: 'dontInvert' })?.data
        const found = [...new Set([qr, readBarcode(zxing, reader, grey, width, height)])].filter((value): value is string => Boolean(value))
        if (found.length > 0) codes.set(number, found)
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
