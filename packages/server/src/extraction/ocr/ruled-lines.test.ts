import { describe, expect, it } from 'vitest'
import type { GrayImage } from './raster'
import { removeRuledLines } from './ruled-lines'

/** A white page with a table rule across row 20, a column rule down x = 70 and a letter's stroke (20 px) at x = 30. */
function page(): GrayImage {
  const width = 100
  const height = 100
  const data = new Uint8Array(width * height).fill(255)
  for (let x = 5; x < 95; x += 1) data[20 * width + x] = 0
  // The rule's anti-aliased edge below it.
  for (let x = 5; x < 95; x += 1) data[21 * width + x] = 90
  for (let y = 30; y < 95; y += 1) data[y * width + 70] = 0
  for (let y = 40; y < 60; y += 1) data[y * width + 30] = 0
  // A short gray mark: the darker edge of the rule is then no longer the lightest ink on the page.
  for (let x = 10; x < 20; x += 1) data[80 * width + x] = 120
  return { width, height, data }
}

describe('removeRuledLines', () => {
  it('whitens rules longer than the longest stroke of a letter and keeps the letters', () => {
    const image = page()
    removeRuledLines(image, 40)
    const at = (x: number, y: number) => image.data[y * image.width + x]
    expect(at(50, 20)).toBe(255)
    expect(at(70, 60)).toBe(255)
    expect(at(30, 50)).toBe(0)
  })

  it('lightens the dark edge beside a rule so it is not read as a stroke', () => {
    const image = page()
    removeRuledLines(image, 40)
    expect(image.data[21 * image.width + 50]).toBeGreaterThan(90)
  })

  it('leaves a page whose marks are all shorter than a rule as it is', () => {
    const image = page()
    const before = new Uint8Array(image.data)
    removeRuledLines(image, 200)
    expect(image.data).toEqual(before)
  })
})
