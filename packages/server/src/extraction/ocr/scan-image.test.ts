import { describe, expect, it } from 'vitest'
import { rotateImage, seededRandom } from './scan-image'

/** Bilinear rotation written plainly, pixel by pixel with Math.floor: what the fast version must give exactly. */
function referenceRotation(width: number, height: number, data: Uint8Array, degrees: number): Uint8Array {
  const out = new Uint8Array(width * height).fill(255)
  const radians = (degrees * Math.PI) / 180
  const [cos, sin] = [Math.cos(radians), Math.sin(radians)]
  const [cx, cy] = [(width - 1) / 2, (height - 1) / 2]
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const sx = cx + (x - cx) * cos + (y - cy) * sin
      const sy = cy - (x - cx) * sin + (y - cy) * cos
      const [x0, y0] = [Math.floor(sx), Math.floor(sy)]
      if (x0 < 0 || y0 < 0 || x0 + 1 >= width || y0 + 1 >= height) continue
      const [fx, fy] = [sx - x0, sy - y0]
      const at = y0 * width + x0
      const top = data[at] + (data[at + 1] - data[at]) * fx
      const bottom = data[at + width] + (data[at + width + 1] - data[at + width]) * fx
      out[y * width + x] = top + (bottom - top) * fy
    }
  }
  return out
}

describe('rotateImage', () => {
  it('gives the same pixels as a plain bilinear rotation, corners white, for small turns either way', () => {
    const random = seededRandom(3)
    const [width, height] = [61, 43]
    const data = Uint8Array.from({ length: width * height }, () => Math.floor(random() * 256))
    for (const degrees of [-2, -0.35, 0.1, 1.5, 4.9]) {
      const turned = rotateImage({ width, height, data }, degrees)
      const expected = referenceRotation(width, height, data, degrees)
      // Stepping along a row adds up rounding of the last bits; a pixel may differ by one gray level at most.
      const worst = turned.data.reduce((most, value, index) => Math.max(most, Math.abs(value - expected[index])), 0)
      expect(worst).toBeLessThanOrEqual(1)
      expect(turned.data[0]).toBe(255)
    }
  })
})
