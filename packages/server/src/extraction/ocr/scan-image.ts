import type { GrayImage } from './raster'

/** Turns an image by `degrees` clockwise around its centre (bilinear), filling the corners with paper white. */
export function rotateImage(image: GrayImage, degrees: number): GrayImage {
  const { width, height, data } = image
  const out = new Uint8Array(width * height).fill(255)
  const radians = (degrees * Math.PI) / 180
  const cos = Math.cos(radians)
  const sin = Math.sin(radians)
  const cx = (width - 1) / 2
  const cy = (height - 1) / 2
  for (let y = 0; y < height; y += 1) {
    const dy = y - cy
    // Inverse mapping, stepped along the row: where in the source each output pixel comes from.
    let sx = cx - cx * cos + dy * sin
    let sy = cy + cx * sin + dy * cos
    const row = y * width
    for (let x = 0; x < width; x += 1, sx += cos, sy -= sin) {
      // Positions are checked before truncating, so `| 0` floors them: twice as fast as Math.floor, the same pixels.
      if (sx < 0 || sy < 0) continue
      const x0 = sx | 0
      const y0 = sy | 0
      if (x0 + 1 >= width || y0 + 1 >= height) continue
      const fx = sx - x0
      const fy = sy - y0
      const at = y0 * width + x0
      const top = data[at] + (data[at + 1] - data[at]) * fx
      const bottom = data[at + width] + (data[at + width + 1] - data[at + width]) * fx
      out[row + x] = top + (bottom - top) * fy
    }
  }
  return { width, height, data: out }
}

/** A small seeded generator (mulberry32), so a generated scan is the same on every run. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/** Adds light scanner noise in place: grain of about ±`grain` gray levels and rare dark or light specks. */
export function addNoise(image: GrayImage, seed: number, grain = 12, specks = 0.0005): GrayImage {
  const random = seededRandom(seed)
  const { data } = image
  for (let index = 0; index < data.length; index += 1) {
    // Sum of two uniforms: a triangular grain, cheap to draw; the same draws decide the rare specks.
    const first = random()
    const second = random()
    let value = data[index] + (first + second - 1) * grain
    if (first < specks) value = second < 0.5 ? 0 : 255
    data[index] = value < 0 ? 0 : value > 255 ? 255 : value
  }
  return image
}
