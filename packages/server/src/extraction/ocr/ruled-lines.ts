import { otsuThreshold, type GrayImage } from './raster'

// Light pixels a rule may skip (anti-aliasing, noise) and still count as one line.
const MAX_GAP = 2

/**
 * Whitens the long straight rules of tables and underlines of a straightened page, in place: tesseract
 * reads a cell border next to a figure as a character ("|7%" becomes "1%"). Strokes of letters are far
 * shorter than `minLength`; the pixels beside a rule (its anti-aliased edges) go too.
 */
export function removeRuledLines(image: GrayImage, minLength: number): void {
  const { width, height, data } = image
  const threshold = otsuThreshold(image)
  const mask = new Uint8Array(width * height)
  // Horizontal rules, row by row.
  for (let y = 0; y < height; y += 1) {
    const row = y * width
    let start = -1
    let last = -1
    for (let x = 0; x <= width; x += 1) {
      if (x < width && data[row + x] < threshold) {
        if (start < 0) start = x
        last = x
      } else if (start >= 0 && (x === width || x - last > MAX_GAP)) {
        if (last - start + 1 >= minLength) mask.fill(1, row + start, row + last + 1)
        start = -1
      }
    }
  }
  // Vertical rules, with a run per column carried from row to row (reads memory in order).
  const start = new Int32Array(width).fill(-1)
  const last = new Int32Array(width).fill(-1)
  const close = (x: number) => {
    if (last[x] - start[x] + 1 >= minLength) for (let y = start[x]; y <= last[x]; y += 1) mask[y * width + x] = 1
    start[x] = -1
  }
  for (let y = 0; y < height; y += 1) {
    const row = y * width
    for (let x = 0; x < width; x += 1) {
      if (data[row + x] < threshold) {
        if (start[x] < 0) start[x] = y
        last[x] = y
      } else if (start[x] >= 0 && y - last[x] > MAX_GAP) close(x)
    }
  }
  for (let x = 0; x < width; x += 1) if (start[x] >= 0) close(x)
  for (let index = 0; index < mask.length; index += 1) {
    if (!mask[index]) continue
    data[index] = 255
    // The anti-aliased edge above and below / left and right of a rule pixel.
    if (index >= width && data[index - width] < threshold) data[index - width] = threshold
    if (index + width < data.length && data[index + width] < threshold) data[index + width] = threshold
    const x = index % width
    if (x > 0 && data[index - 1] < threshold) data[index - 1] = threshold
    if (x < width - 1 && data[index + 1] < threshold) data[index + 1] = threshold
  }
}
