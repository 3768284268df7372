import { openRenderable } from './render'
import { addNoise, rotateImage } from './scan-image'
import { encodeGrayTiff, type TiffPage } from './tiff'

/** How to simulate a scan of a PDF. */
export interface ScanOptions {
  dpi: number
  /** Skew of the sheet in the scanner, degrees clockwise. */
  degrees: number
  /** Seed of the noise, so the same options give the same file. */
  seed: number
}

/**
 * Simulates scanning a PDF: every page rendered at `dpi`, turned slightly and given light noise, then
 * written as a multi-page grayscale TIFF with no text layer, which only OCR can read.
 */
export function simulateScan(pdf: Uint8Array, options: ScanOptions): Uint8Array {
  const doc = openRenderable(pdf, 'pdf')
  try {
    const pages: TiffPage[] = []
    for (let page = 1; page <= doc.pages; page += 1) {
      const raster = doc.render(page, options.dpi)
      const image = addNoise(rotateImage(raster.image, options.degrees), options.seed + page)
      pages.push({ image, dpi: options.dpi })
    }
    return encodeGrayTiff(pages)
  } finally {
    doc.close()
  }
}
