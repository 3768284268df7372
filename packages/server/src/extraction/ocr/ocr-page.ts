import type { PageText } from '../text/layout'
import { estimateSkewDegrees } from './deskew'
import { ocrPageText } from './page-text'
import { recognizeImage } from './pool'
import { removeRuledLines } from './ruled-lines'
import { hasInk, toPgm, type PageRaster } from './raster'

/** The text of one rendered page by OCR, straightened first when its lines are slightly rotated. */
export async function ocrPage(raster: PageRaster): Promise<PageText> {
  if (!hasInk(raster.image)) return { page: raster.page, width: raster.widthPt, height: raster.heightPt, lines: [] }
  const skew = estimateSkewDegrees(raster.image)
  // A third of an inch: longer than any stroke of a letter up to about 24 pt, shorter than a table's rules.
  removeRuledLines(raster.image, skew, Math.round((24 * raster.image.width) / raster.widthPt))
  // Leptonica turns the image inside the worker thread, so the server's event loop does not.
  const result = await recognizeImage(toPgm(raster.image), (-skew * Math.PI) / 180)
  return ocrPageText(result, raster, skew)
}
