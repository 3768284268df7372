import { describe, expect, it } from 'vitest'
import { estimateSkewDegrees } from './deskew'
import { openRenderable } from './render'
import { addNoise, rotateImage } from './scan-image'
import { austrianInvoicePdf } from './test-invoice'

describe('deskew', () => {
  it('finds the angle a page was scanned at, within a fifth of a degree', async () => {
    const doc = openRenderable(await austrianInvoicePdf(), 'pdf')
    const page = doc.render(1, 150)
    doc.close()
    for (const degrees of [-3, -1.2, 0, 0.7, 2, 4.5]) {
      const scan = addNoise(rotateImage(page.image, degrees), 7)
      expect(Math.abs(estimateSkewDegrees(scan) - degrees)).toBeLessThanOrEqual(0.2)
    }
  }, 60_000)

  it('leaves a blank page alone', () => {
    const blank = { width: 1240, height: 1754, data: new Uint8Array(1240 * 1754).fill(255) }
    expect(estimateSkewDegrees(blank)).toBe(0)
  })
})
