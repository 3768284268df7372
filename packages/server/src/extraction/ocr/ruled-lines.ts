import { otsuThreshold, type GrayImage } from './raster'

// Light pixels a rule may skip (anti-aliasing, noise) and still count as one line.
const MAX_GAP = 2

/**
 * Marks dark runs of at least `minLength` pixels along paths of one direction. Paths start at each
 * `start` and step through `steps` positions; `pixel(start, step)` gives the image index or -1 outside.
 */
function markRuns(
  mask: Uint8Array,
  dark: (index: number) => boolean,
  starts: [number, number],
  steps: number,
  pixel: (start: number, step: number) => number,
  minLength: number,
): void {
  const mark = (start: number, from: number, to: number) => {
    for (let step = from; step <= to; step += 1) {
      const index = pixel(start, step)
      if (index >= 0) mask[index] = 1
    }
  }
  for (let start = starts[0]; start <= starts[1]; start += 1) {
    let runStart = -1
    let lastDark = -1
    for (let step = 0; step < steps; step += 1) {
      const index = pixel(start, step)
      if (index >= 0 && dark(index)) {
        if (runStart < 0) runStart = step
        lastDark = step
      } else if (runStart >= 0 && step - lastDark > MAX_GAP) {
        if (lastDark - runStart + 1 >= minLength) mark(start, runStart, lastDark)
        runStart = -1
      }
    }
    if (runStart >= 0 && lastDark - runStart + 1 >= minLength) mark(start, runStart, lastDark)
  }
}

/**
 * Whitens the long straight rules of tables and underlines, in place, following the page's skew:
 * tesseract reads a cell border next to a figure as a character ("|7%" becomes "1%"). Strokes of
 * letters are far shorter than `minLength`; the pixels beside a rule (anti-aliased edges) go too.
 */
export function removeRuledLines(image: GrayImage, skewDegrees: number, minLength: number): void {
  const { width, height, data } = image
  const threshold = otsuThreshold(image)
  const dark = (index: number) => data[index] < threshold
  const slope = Math.tan((skewDegrees * Math.PI) / 180)
  const shiftX = Float64Array.from({ length: width }, (_, x) => Math.round(x * slope))
  const shiftY = Float64Array.from({ length: height }, (_, y) => Math.round(-y * slope))
  const mask = new Uint8Array(width * height)
  const reachY = Math.ceil(Math.abs(slope) * width)
  const reachX = Math.ceil(Math.abs(slope) * height)
  // Horizontal rules run along y = start + x·slope; vertical ones along x = start − y·slope.
  markRuns(mask, dark, [-reachY, height + reachY], width, (start, x) => {
    const y = start + shiftX[x]
    return y < 0 || y >= height ? -1 : y * width + x
  }, minLength)
  markRuns(mask, dark, [-reachX, width + reachX], height, (start, y) => {
    const x = start + shiftY[y]
    return x < 0 || x >= width ? -1 : y * width + x
  }, minLength)
  for (let index = 0; index < mask.length; index += 1) {
    if (!mask[index]) continue
    data[index] = 255
    // The anti-aliased edge above and below / left and right of a rule pixel.
    if (index >= width) data[index - width] = Math.max(data[index - width], threshold)
    if (index + width < data.length) data[index + width] = Math.max(data[index + width], threshold)
    if (index % width > 0) data[index - 1] = Math.max(data[index - 1], threshold)
    if (index % width < width - 1) data[index + 1] = Math.max(data[index + 1], threshold)
  }
}
