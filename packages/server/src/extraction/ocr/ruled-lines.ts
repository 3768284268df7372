import { otsuThreshold, type GrayImage } from './raster'

// Light pixels a rule may skip (anti-aliasing, noise) and still count as one line.
const MAX_GAP = 2

/** A rule found on the page: `length` pixels from `start`, `step` apart (1 along a row, the width down a column). */
interface Rule {
  start: number
  length: number
  step: number
}

/** Horizontal rules, row by row. */
function horizontalRules(data: Uint8Array, width: number, height: number, threshold: number, minLength: number): Rule[] {
  const rules: Rule[] = []
  for (let y = 0; y < height; y += 1) {
    const row = y * width
    let start = -1
    let last = -1
    for (let x = 0; x <= width; x += 1) {
      if (x < width && data[row + x] < threshold) {
        if (start < 0) start = x
        last = x
      } else if (start >= 0 && (x === width || x - last > MAX_GAP)) {
        if (last - start + 1 >= minLength) rules.push({ start: row + start, length: last - start + 1, step: 1 })
        start = -1
      }
    }
  }
  return rules
}

/** Vertical rules, with a run per column carried from row to row (reads memory in order). */
function verticalRules(data: Uint8Array, width: number, height: number, threshold: number, minLength: number): Rule[] {
  const rules: Rule[] = []
  const start = new Int32Array(width).fill(-1)
  const last = new Int32Array(width).fill(-1)
  const close = (x: number) => {
    if (last[x] - start[x] + 1 >= minLength) rules.push({ start: start[x] * width + x, length: last[x] - start[x] + 1, step: width })
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
  return rules
}

/**
 * Whitens the long straight rules of tables and underlines of a straightened page, in place: tesseract
 * reads a cell border next to a figure as a character ("|7%" becomes "1%"). Strokes of letters are far
 * shorter than `minLength`; the pixels beside a rule (its anti-aliased edges) go too. Rules are kept as
 * runs, not as a mask of the page: a page has a few dozen, and the page is walked only to find them.
 */
export function removeRuledLines(image: GrayImage, minLength: number): void {
  const { width, height, data } = image
  const threshold = otsuThreshold(image)
  const rules = [...horizontalRules(data, width, height, threshold, minLength), ...verticalRules(data, width, height, threshold, minLength)]
  for (const rule of rules) {
    for (let n = 0, index = rule.start; n < rule.length; n += 1, index += rule.step) data[index] = 255
  }
  // The anti-aliased edge above and below / left and right of each rule pixel; whitened pixels are no longer dark.
  const lighten = (index: number) => {
    if (data[index] < threshold) data[index] = threshold
  }
  for (const rule of rules) {
    for (let n = 0, index = rule.start; n < rule.length; n += 1, index += rule.step) {
      if (index >= width) lighten(index - width)
      if (index + width < data.length) lighten(index + width)
      const x = index % width
      if (x > 0) lighten(index - 1)
      if (x < width - 1) lighten(index + 1)
    }
  }
}
