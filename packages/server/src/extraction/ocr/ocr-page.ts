import type { PageText } from '../text/layout'
import { normalizeContrast } from './contrast'
import { estimateSkewDegrees } from './deskew'
import { ocrPageText } from './page-text'
import { openRecognition } from './pool'
import { hasInk, toPgm, type GrayImage, type PageRaster } from './raster'
import { removeRuledLines } from './ruled-lines'
import { rotateImage } from './scan-image'

/**
 * A rendered page made ready for the engine: a slightly rotated page is straightened (here, in one pass:
 * Leptonica's area-map rotation inside the worker cost seconds), its gray levels stretched from paper to
 * ink, then the rules of tables are removed, which needs level lines. `skew` is the angle it was turned by.
 */
export function preparePage(raster: PageRaster): { image: GrayImage; skew: number } {
  const skew = estimateSkewDegrees(raster.image)
  // The levels are read from the straightened page: read before turning (and applied in the same pass) they
  // missed three more tax breakdowns and two totals of the corpora's scans.
  const image = skew === 0 ? raster.image : rotateImage(raster.image, -skew)
  normalizeContrast(image)
  // A third of an inch: longer than any stroke of a letter up to about 24 pt, shorter than a table's rules.
  removeRuledLines(image, Math.round((24 * image.width) / raster.widthPt))
  return { image, skew }
}

/** The resolution a page was rendered at, which tells the native engine the size of the print (a PGM carries none). */
export function rasterDpi(raster: PageRaster): number {
  return (raster.image.width * 72) / raster.widthPt
}

/**
 * The text of one rendered page by OCR: the page is prepared (`preparePage`), read by the engine, and the
 * boxes are turned back to stand where the words are on the page.
 */
export async function ocrPage(raster: PageRaster): Promise<PageText> {
  if (!hasInk(raster.image)) return { page: raster.page, width: raster.widthPt, height: raster.heightPt, lines: [] }
  // Opened first: the native engine loads its models while the page is prepared.
  const recognition = openRecognition(rasterDpi(raster))
  let prepared: ReturnType<typeof preparePage>
  try {
    prepared = preparePage(raster)
  } catch (error) {
    recognition.cancel()
    throw error
  }
  const result = await recognition.read(toPgm(prepared.image))
  return ocrPageText(result, raster, prepared.skew)
}
