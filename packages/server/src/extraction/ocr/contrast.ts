import type { GrayImage } from './raster'

// How far below the paper's own level a pixel must be to count as a mark: above the grain of a scan.
const PAPER_MARGIN = 48
// Mid grays are pulled towards black, not just stretched: gray print on a page of black print must
// stay darker than the threshold tesseract picks for the whole sheet (a gray footer vanished at 1).
const INK_GAMMA = 2
// The share of the marks' pixels, darkest first, clipped to black: the cores of the strokes, not their edges.
const INK_QUANTILE = 0.2

/**
 * Stretches the gray levels of a page in place so that the paper is pure white and the print dark
 * (gray print darker still). Tesseract binarises the page once for the whole sheet: thin gray print
 * (a light Courier, a faded ink-jet) broke into pieces there, and a comma read as a 7 ("37,62" as
 * "37762"); the grain of the paper turned into specks it tried to read. The levels come from the page itself: the most common
 * light level is the paper, the darkest fifth of the marks is the ink.
 */
export function normalizeContrast(image: GrayImage): void {
  const { data } = image
  const histogram = new Uint32Array(256)
  const step = Math.max(1, Math.floor(data.length / 500_000))
  for (let index = 0; index < data.length; index += step) histogram[data[index]] += 1
  let paper = 128
  for (let level = 129; level < 256; level += 1) if (histogram[level] > histogram[paper]) paper = level
  const white = Math.max(96, paper - PAPER_MARGIN)
  let marks = 0
  for (let level = 0; level < white; level += 1) marks += histogram[level]
  if (marks === 0) return
  let black = 0
  let seen = 0
  for (let level = 0; level < white; level += 1) {
    seen += histogram[level]
    if (seen >= marks * INK_QUANTILE) {
      black = level
      break
    }
  }
  // A page with hardly any ink or no contrast to gain is left as it is.
  if (white - black < 32) return
  const table = new Uint8Array(256)
  for (let level = 0; level < 256; level += 1) {
    const share = Math.min(1, Math.max(0, (level - black) / (white - black)))
    table[level] = 255 * share ** INK_GAMMA
  }
  for (let index = 0; index < data.length; index += 1) data[index] = table[data[index]]
}
