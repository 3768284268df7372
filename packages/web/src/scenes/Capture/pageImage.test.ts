import { describe, expect, it } from 'vitest'
import { evenLight, findPageCorners, homography, mapPoint, straighten, straightenedSize, type GreyImage } from './pageImage'

/** A dark table with a tilted white sheet (a quadrilateral) on it, and a black bar printed on the sheet. */
function photo(): GreyImage {
  const width = 200
  const height = 160
  const data = new Uint8ClampedArray(width * height).fill(40)
  const quad = [
    { x: 50, y: 20 },
    { x: 160, y: 30 },
    { x: 150, y: 140 },
    { x: 40, y: 130 },
  ]
  const inside = (x: number, y: number) =>
    quad.every((a, i) => {
      const b = quad[(i + 1) % 4]!
      return (b.x - a.x) * (y - a.y) - (b.y - a.y) * (x - a.x) >= 0
    })
  for (let y = 0; y < height; y += 1) for (let x = 0; x < width; x += 1) if (inside(x, y)) data[y * width + x] = y > 70 && y < 80 && x > 70 && x < 130 ? 20 : 230
  return { data, width, height }
}

describe('a captured page', () => {
  it('finds the sheet\'s four corners on the table', () => {
    const corners = findPageCorners(photo())!
    expect(corners).toBeDefined()
    const near = (p: { x: number; y: number }, x: number, y: number) => Math.hypot(p.x - x, p.y - y) < 4
    expect(near(corners.topLeft, 50, 20)).toBe(true)
    expect(near(corners.topRight, 160, 30)).toBe(true)
    expect(near(corners.bottomRight, 150, 140)).toBe(true)
    expect(near(corners.bottomLeft, 40, 130)).toBe(true)
  })

  it('finds nothing in a picture of paper alone, so the whole picture is kept', () => {
    expect(findPageCorners({ data: new Uint8ClampedArray(100 * 100).fill(220), width: 100, height: 100 })).toBeUndefined()
  })

  it('straightens the sheet so its corners are paper and the table is gone', () => {
    const grey = photo()
    const corners = findPageCorners(grey)!
    const { width, height } = straightenedSize(corners, 400)
    expect(width).toBeGreaterThan(100)
    expect(height).toBeGreaterThan(100)
    const page = straighten(grey, corners, width, height)
    const at = (x: number, y: number) => page.data[y * width + x]!
    for (const [x, y] of [[3, 3], [width - 4, 3], [width - 4, height - 4], [3, height - 4]] as const) expect(at(x, y)).toBeGreaterThan(150)
    // The printed bar is still there, across the page.
    const barRow = Array.from({ length: height }, (_, y) => at(Math.round(width / 2), y)).findIndex((v) => v < 60)
    expect(barRow).toBeGreaterThan(height * 0.3)
  })

  it('maps four points onto four points (the homography) and back', () => {
    const square = [{ x: 0, y: 0 }, { x: 100, y: 0 }, { x: 100, y: 100 }, { x: 0, y: 100 }]
    const quad = [{ x: 10, y: 5 }, { x: 90, y: 20 }, { x: 80, y: 95 }, { x: 5, y: 80 }]
    const h = homography(square, quad)
    square.forEach((point, index) => {
      const mapped = mapPoint(h, point.x, point.y)
      expect(mapped.x).toBeCloseTo(quad[index]!.x, 6)
      expect(mapped.y).toBeCloseTo(quad[index]!.y, 6)
    })
    const back = mapPoint(homography(quad, square), mapPoint(h, 37, 61).x, mapPoint(h, 37, 61).y)
    expect(back.x).toBeCloseTo(37, 6)
    expect(back.y).toBeCloseTo(61, 6)
    expect(() => homography(square, [quad[0]!, quad[0]!, quad[0]!, quad[0]!])).toThrow()
  })

  it('evens out a shadow: the dim half of the paper turns as white as the lit half, the ink stays dark', () => {
    const width = 128
    const height = 64
    const data = new Uint8ClampedArray(width * height)
    for (let y = 0; y < height; y += 1) for (let x = 0; x < width; x += 1) data[y * width + x] = x < 64 ? 110 : 220
    for (let x = 10; x < 118; x += 1) {
      data[32 * width + x] = x < 64 ? 30 : 60
    }
    const even = evenLight({ data, width, height })
    expect(even.data[5 * width + 10]).toBeGreaterThan(240)
    expect(even.data[5 * width + 100]).toBeGreaterThan(240)
    expect(even.data[32 * width + 20]).toBeLessThan(60)
    expect(even.data[32 * width + 100]).toBeLessThan(60)
  })
})
