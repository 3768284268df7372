/**
 * The image work of a captured page, on plain pixel arrays (no canvas), so it is tested in Node: find the paper's
 * edges, straighten it (a perspective transform: perspective-transform computes the homography), and even out the
 * light (shadows and a dim corner) into a clean grey page. The homography is our own few lines (an 8×8 linear
 * system): the small npm package for it (perspective-transform) breaks in an ES-module bundle (its UMD wrapper writes
 * to a top-level `this`), and OpenCV.js would be megabytes for this one step.
 */

/** RGBA pixels as a canvas's ImageData holds them. */
export interface Pixels {
  data: Uint8ClampedArray<ArrayBuffer>
  width: number
  height: number
}

/** A grey image, one byte a pixel. */
export interface GreyImage {
  data: Uint8ClampedArray<ArrayBuffer>
  width: number
  height: number
}

/** A point on the image. */
export interface Point {
  x: number
  y: number
}

/** The paper's corners, clockwise from the top left. */
export interface Corners {
  topLeft: Point
  topRight: Point
  bottomRight: Point
  bottomLeft: Point
}

/** Luminance (BT.601) of RGBA pixels. */
export function toGrey(pixels: Pixels): GreyImage {
  const { data, width, height } = pixels
  const out = new Uint8ClampedArray(width * height)
  for (let i = 0, p = 0; p < out.length; i += 4, p += 1) out[p] = (data[i]! * 299 + data[i + 1]! * 587 + data[i + 2]! * 114) / 1000
  return { data: out, width, height }
}

/** Otsu's threshold of a grey image: the level that best parts dark from light. */
export function otsuThreshold(grey: GreyImage): number {
  const histogram = new Array<number>(256).fill(0)
  for (const value of grey.data) histogram[value]! += 1
  const total = grey.data.length
  let sum = 0
  for (let level = 0; level < 256; level += 1) sum += level * histogram[level]!
  let sumBelow = 0
  let below = 0
  let best = 0
  let threshold = 127
  for (let level = 0; level < 256; level += 1) {
    below += histogram[level]!
    if (below === 0) continue
    const above = total - below
    if (above === 0) break
    sumBelow += level * histogram[level]!
    const meanBelow = sumBelow / below
    const meanAbove = (sum - sumBelow) / above
    const between = below * above * (meanBelow - meanAbove) ** 2
    if (between > best) {
      best = between
      threshold = level
    }
  }
  return threshold
}

/** The share of the picture the paper must cover to count as found (a smaller bright patch is a reflection). */
const MIN_PAPER_SHARE = 0.12
/** A bright region covering more than this is the whole picture: no edges to find. */
const MAX_PAPER_SHARE = 0.97

/** Flood fill from the `starts` over the pixels `passes` lets in; answers the mask and the filled count. */
function flood(width: number, height: number, starts: Iterable<number>, passes: (index: number) => boolean, mask: Uint8Array): number {
  const queue = new Int32Array(width * height)
  let tail = 0
  for (const start of starts) {
    if (mask[start] || !passes(start)) continue
    mask[start] = 1
    queue[tail++] = start
  }
  let head = 0
  while (head < tail) {
    const index = queue[head++]!
    const x = index % width
    if (x > 0) visit(index - 1)
    if (x < width - 1) visit(index + 1)
    if (index >= width) visit(index - width)
    if (index + width < width * height) visit(index + width)
  }
  return tail
  function visit(next: number) {
    if (mask[next] || !passes(next)) return
    mask[next] = 1
    queue[tail++] = next
  }
}

/**
 * Finds the paper on a (small) grey picture. The table is what is darker than Otsu's threshold and reaches the
 * picture's border; the paper is the largest connected region of the rest (so print inside it does not cut it), and
 * its corners are the region's extreme points (smallest and largest x+y and x−y). Undefined when no such region
 * stands out (a picture of the paper alone, or of no paper): the caller keeps the whole picture then.
 */
export function findPageCorners(grey: GreyImage): Corners | undefined {
  const { data, width, height } = grey
  const size = width * height
  const threshold = otsuThreshold(grey)
  const table = new Uint8Array(size)
  const border: number[] = []
  for (let x = 0; x < width; x += 1) border.push(x, size - width + x)
  for (let y = 1; y < height - 1; y += 1) border.push(y * width, y * width + width - 1)
  flood(width, height, border, (index) => data[index]! <= threshold, table)
  const region = new Uint8Array(size)
  let best: { start: number; size: number } | undefined
  for (let start = 0; start < size; start += 1) {
    if (table[start] || region[start]) continue
    const filled = flood(width, height, [start], (index) => !table[index], region)
    if (!best || filled > best.size) best = { start, size: filled }
  }
  const share = best ? best.size / size : 0
  if (!best || share < MIN_PAPER_SHARE || share > MAX_PAPER_SHARE) return undefined
  const paper = new Uint8Array(size)
  flood(width, height, [best.start], (index) => !table[index], paper)
  let topLeft = { x: 0, y: 0, v: Infinity }
  let bottomRight = { x: 0, y: 0, v: -Infinity }
  let topRight = { x: 0, y: 0, v: -Infinity }
  let bottomLeft = { x: 0, y: 0, v: Infinity }
  for (let index = 0; index < size; index += 1) {
    if (!paper[index]) continue
    const x = index % width
    const y = (index - x) / width
    if (x + y < topLeft.v) topLeft = { x, y, v: x + y }
    if (x + y > bottomRight.v) bottomRight = { x, y, v: x + y }
    if (x - y > topRight.v) topRight = { x, y, v: x - y }
    if (x - y < bottomLeft.v) bottomLeft = { x, y, v: x - y }
  }
  const point = ({ x, y }: Point) => ({ x, y })
  return { topLeft: point(topLeft), topRight: point(topRight), bottomRight: point(bottomRight), bottomLeft: point(bottomLeft) }
}

/** The corners scaled by `factor` (found on a small copy, applied to the full picture). */
export function scaleCorners(corners: Corners, factor: number): Corners {
  const scale = ({ x, y }: Point) => ({ x: x * factor, y: y * factor })
  return { topLeft: scale(corners.topLeft), topRight: scale(corners.topRight), bottomRight: scale(corners.bottomRight), bottomLeft: scale(corners.bottomLeft) }
}

const distance = (a: Point, b: Point) => Math.hypot(a.x - b.x, a.y - b.y)

/** The straightened page's size: its longer edges' lengths, the long side at most `maxSide` pixels. */
export function straightenedSize(corners: Corners, maxSide: number): { width: number; height: number } {
  const width = Math.max(distance(corners.topLeft, corners.topRight), distance(corners.bottomLeft, corners.bottomRight))
  const height = Math.max(distance(corners.topLeft, corners.bottomLeft), distance(corners.topRight, corners.bottomRight))
  const scale = Math.min(1, maxSide / Math.max(width, height))
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) }
}

/** A 3×3 homography, row by row, with its last entry 1. */
export type Homography = [number, number, number, number, number, number, number, number, 1]

/**
 * The homography that maps the four points `from` onto the four points `to` (the perspective transform between two
 * quadrilaterals): the 8 unknowns from the 8 equations of the point pairs, by Gaussian elimination with pivoting.
 */
export function homography(from: readonly Point[], to: readonly Point[]): Homography {
  const rows: number[][] = []
  for (let i = 0; i < 4; i += 1) {
    const { x, y } = from[i]!
    const { x: u, y: v } = to[i]!
    rows.push([x, y, 1, 0, 0, 0, -u * x, -u * y, u])
    rows.push([0, 0, 0, x, y, 1, -v * x, -v * y, v])
  }
  for (let column = 0; column < 8; column += 1) {
    let pivot = column
    for (let row = column + 1; row < 8; row += 1) if (Math.abs(rows[row]![column]!) > Math.abs(rows[pivot]![column]!)) pivot = row
    ;[rows[column], rows[pivot]] = [rows[pivot]!, rows[column]!]
    const lead = rows[column]![column]!
    if (Math.abs(lead) < 1e-12) throw new Error('The four corners do not span a quadrilateral')
    for (let row = 0; row < 8; row += 1) {
      if (row === column) continue
      const factor = rows[row]![column]! / lead
      if (factor === 0) continue
      for (let k = column; k < 9; k += 1) rows[row]![k]! -= factor * rows[column]![k]!
    }
  }
  const h = rows.map((row, index) => row[8]! / row[index]!)
  return [h[0]!, h[1]!, h[2]!, h[3]!, h[4]!, h[5]!, h[6]!, h[7]!, 1]
}

/** Where the homography `h` maps the point (x, y). */
export function mapPoint(h: Homography, x: number, y: number): Point {
  const w = h[6] * x + h[7] * y + 1
  return { x: (h[0] * x + h[1] * y + h[2]) / w, y: (h[3] * x + h[4] * y + h[5]) / w }
}

/**
 * The paper inside `corners` mapped onto an upright `width`×`height` page (bilinear sampling of the grey picture):
 * each page pixel asks the inverse homography where it lies on the picture.
 */
export function straighten(grey: GreyImage, corners: Corners, width: number, height: number): GreyImage {
  const page = [{ x: 0, y: 0 }, { x: width, y: 0 }, { x: width, y: height }, { x: 0, y: height }]
  const toPicture = homography(page, [corners.topLeft, corners.topRight, corners.bottomRight, corners.bottomLeft])
  const out = new Uint8ClampedArray(width * height)
  const { data, width: w, height: h } = grey
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const { x: sx, y: sy } = mapPoint(toPicture, x + 0.5, y + 0.5)
      const fx = Math.min(Math.max(sx - 0.5, 0), w - 1)
      const fy = Math.min(Math.max(sy - 0.5, 0), h - 1)
      const x0 = Math.floor(fx)
      const y0 = Math.floor(fy)
      const x1 = Math.min(x0 + 1, w - 1)
      const y1 = Math.min(y0 + 1, h - 1)
      const dx = fx - x0
      const dy = fy - y0
      const top = data[y0 * w + x0]! * (1 - dx) + data[y0 * w + x1]! * dx
      const bottom = data[y1 * w + x0]! * (1 - dx) + data[y1 * w + x1]! * dx
      out[y * width + x] = top * (1 - dy) + bottom * dy
    }
  }
  return { data: out, width, height }
}

/** Side of the blocks whose brightest pixels estimate the paper's light. */
const BLOCK = 32

/**
 * Evens out the light: each pixel is divided by the paper's brightness around it (the brightest pixels of its
 * neighbourhood, interpolated between blocks), so a shadow or a dim corner turns as white as the rest, and the ink
 * keeps its darkness relative to its own paper.
 */
export function evenLight(grey: GreyImage): GreyImage {
  const { data, width, height } = grey
  const columns = Math.ceil(width / BLOCK)
  const rows = Math.ceil(height / BLOCK)
  const light = new Float32Array(columns * rows)
  for (let row = 0; row < rows; row += 1) {
    for (let column = 0; column < columns; column += 1) {
      const histogram = new Uint32Array(256)
      let count = 0
      for (let y = row * BLOCK; y < Math.min(height, (row + 1) * BLOCK); y += 1) {
        for (let x = column * BLOCK; x < Math.min(width, (column + 1) * BLOCK); x += 1) {
          histogram[data[y * width + x]!]! += 1
          count += 1
        }
      }
      // The 90th percentile: the paper, even where ink covers most of a block.
      let level = 255
      for (let seen = 0; level > 0; level -= 1) {
        seen += histogram[level]!
        if (seen >= count * 0.1) break
      }
      light[row * columns + column] = Math.max(level, 24)
    }
  }
  const out = new Uint8ClampedArray(width * height)
  for (let y = 0; y < height; y += 1) {
    const gy = Math.min(Math.max(y / BLOCK - 0.5, 0), rows - 1)
    const r0 = Math.floor(gy)
    const r1 = Math.min(r0 + 1, rows - 1)
    const dy = gy - r0
    for (let x = 0; x < width; x += 1) {
      const gx = Math.min(Math.max(x / BLOCK - 0.5, 0), columns - 1)
      const c0 = Math.floor(gx)
      const c1 = Math.min(c0 + 1, columns - 1)
      const dx = gx - c0
      const top = light[r0 * columns + c0]! * (1 - dx) + light[r0 * columns + c1]! * dx
      const bottom = light[r1 * columns + c0]! * (1 - dx) + light[r1 * columns + c1]! * dx
      const paper = top * (1 - dy) + bottom * dy
      // Paper becomes white; the darkest quarter of the range is pushed to black so the ink stays crisp.
      const relative = data[y * width + x]! / paper
      out[y * width + x] = Math.round(Math.min(1, Math.max(0, (relative - 0.25) / 0.7)) * 255)
    }
  }
  return { data: out, width, height }
}

/** A grey image as RGBA pixels (for a canvas). */
export function greyToPixels(grey: GreyImage): Pixels {
  const data = new Uint8ClampedArray(grey.width * grey.height * 4)
  for (let p = 0, i = 0; p < grey.data.length; p += 1, i += 4) {
    const value = grey.data[p]!
    data[i] = value
    data[i + 1] = value
    data[i + 2] = value
    data[i + 3] = 255
  }
  return { data, width: grey.width, height: grey.height }
}
