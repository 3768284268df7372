import { downscale, otsuThreshold, type GrayImage } from './raster'

/** Largest skew looked for, in degrees: scanners and phone shots of invoices stay well inside it. */
export const MAX_SKEW_DEGREES = 5

// Working width of the estimate: about 100 dpi for an A4 page, enough for a 0.1 degree resolution.
const WORK_WIDTH = 900
const MAX_INK_POINTS = 60_000

/** Ink pixels of a binarised copy, as coordinates of the downscaled image. */
function inkPoints(image: GrayImage): { xs: Float64Array; ys: Float64Array; width: number; height: number } {
  const small = downscale(image, Math.max(1, Math.round(image.width / WORK_WIDTH)))
  const threshold = otsuThreshold(small)
  let count = 0
  for (const value of small.data) if (value < threshold) count += 1
  // A dense page (photo, dark background) is sampled evenly rather than costing more time.
  const step = Math.max(1, Math.ceil(count / MAX_INK_POINTS))
  const xs = new Float64Array(Math.ceil(count / step))
  const ys = new Float64Array(xs.length)
  let seen = 0
  let kept = 0
  for (let y = 0; y < small.height; y += 1) {
    for (let x = 0; x < small.width; x += 1) {
      if (small.data[y * small.width + x] >= threshold) continue
      if (seen % step === 0 && kept < xs.length) {
        xs[kept] = x
        ys[kept] = y
        kept += 1
      }
      seen += 1
    }
  }
  return { xs: xs.subarray(0, kept), ys: ys.subarray(0, kept), width: small.width, height: small.height }
}

/** How sharply the rows of ink peak when projected along lines of the given slope (higher: text lines align). */
function profileScore(xs: Float64Array, ys: Float64Array, height: number, width: number, degrees: number): number {
  const slope = Math.tan((degrees * Math.PI) / 180)
  const offset = Math.ceil(Math.abs(slope) * width) + 1
  const bins = new Int32Array(height + 2 * offset)
  for (let index = 0; index < xs.length; index += 1) bins[Math.round(ys[index] - xs[index] * slope) + offset] += 1
  let score = 0
  for (const count of bins) score += count * count
  return score
}

/**
 * Estimates the skew of a page's text lines in degrees, positive when lines fall to the right
 * (clockwise on screen), by the projection profile of a binarised, downscaled copy: the angle at
 * which rows of ink line up best. 0 for a page without enough ink to tell.
 */
export function estimateSkewDegrees(image: GrayImage): number {
  const { xs, ys, width, height } = inkPoints(image)
  if (xs.length < 200) return 0
  const search = (from: number, to: number, step: number): number => {
    let best = 0
    let bestScore = -1
    for (let degrees = from; degrees <= to + 1e-9; degrees += step) {
      const score = profileScore(xs, ys, height, width, degrees)
      if (score > bestScore) {
        bestScore = score
        best = degrees
      }
    }
    return best
  }
  // The score peaks about 0.7 degrees wide (a line's height over the page's width): coarse, then finer.
  const coarse = search(-MAX_SKEW_DEGREES, MAX_SKEW_DEGREES, 0.5)
  const fine = search(coarse - 0.5, coarse + 0.5, 0.1)
  const finest = search(fine - 0.1, fine + 0.1, 0.025)
  // Below a tenth of a degree rotating costs time and gains nothing for recognition.
  return Math.abs(finest) < 0.1 ? 0 : Math.round(finest * 100) / 100
}
