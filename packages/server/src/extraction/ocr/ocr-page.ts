import type { PageText } from '../text/layout'
import { normalizeContrast } from './contrast'
import { estimateSkewDegrees } from './deskew'
import { ocrPageText } from './page-text'
import { recognizeImage } from './pool'
import { hasInk, toPgm, type PageRaster } from './raster'
import { removeRuledLines } from './ruled-lines'
import { rotateImage } from './scan-image'

/**
 * The text of one rendered page by OCR: a slightly rotated page is straightened first (here, in one
 * pass: Leptonica's area-map rotation inside the worker cost seconds), its gray levels stretched from
 * paper to ink, then the rules of tables are removed, which needs level lines. Boxes are turned back to
 * stand where the words are on the page.
 */
export async function ocrPage(raster: PageRaster): Promise<PageText> {
  if (!hasInk(raster.image)) return { page: raster.page, width: raster.widthPt, height: raster.heightPt, lines: [] }
  const skew = estimateSkewDegrees(raster.image)
  const image = skew === 0 ? raster.image : rotateImage(raster.image, -skew)
  normalizeContrast(image)
  // A third of an inch: longer than any stroke of a letter up to about 24 pt, shorter than a table's rules.
  removeRuledLines(image, Math.round((24 * image.width) / raster.widthPt))
  const result = await recognizeImage(toPgm(image), (raster.image.width * 72) / raster.widthPt)
  return ocrPageText(result, raster, skew)
}
