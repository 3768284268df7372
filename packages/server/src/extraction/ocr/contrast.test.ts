import { describe, expect, it } from 'vitest'
import { normalizeContrast } from './contrast'
import { addNoise, seededRandom } from './scan-image'

/** A grainy light page (paper at `paper`) with a band of print at `ink`, as a scanner delivers it. */
function page(paper: number, ink: number) {
  const width = 400
  const height = 200
  const data = new Uint8Array(width * height).fill(paper)
  for (let y = 90; y < 110; y += 1) data.fill(ink, y * width + 50, y * width + 350)
  return addNoise({ width, height, data }, 3)
}

describe('normalizeContrast', () => {
  it('makes gray print black and grainy paper white', () => {
    const image = page(250, 150)
    normalizeContrast(image)
    const print = image.data.subarray(100 * 400 + 60, 100 * 400 + 340)
    const paper = image.data.subarray(20 * 400, 21 * 400)
    const mean = print.reduce((sum, value) => sum + value, 0) / print.length
    expect(mean).toBeLessThan(40)
    expect(Math.max(...print)).toBeLessThan(100)
    expect(Math.min(...paper)).toBe(255)
  })

  it('reads the paper level of a gray sheet from the page', () => {
    const image = page(200, 60)
    normalizeContrast(image)
    expect(image.data[20 * 400 + 7]).toBe(255)
    expect(image.data[100 * 400 + 200]).toBeLessThan(40)
  })

  it('keeps a gray footer darker than the middle when the body is printed black', () => {
    const image = page(250, 0)
    for (let y = 150; y < 160; y += 1) image.data.fill(140, y * 400 + 50, y * 400 + 350)
    normalizeContrast(image)
    expect(image.data[155 * 400 + 200]).toBeLessThan(128)
    expect(image.data[100 * 400 + 200]).toBe(0)
  })

  it('leaves a page without contrast to gain as it is', () => {
    const random = seededRandom(1)
    const data = Uint8Array.from({ length: 10_000 }, () => 240 + Math.floor(random() * 10))
    const before = data.slice()
    normalizeContrast({ width: 100, height: 100, data })
    expect(data).toEqual(before)
  })
})
