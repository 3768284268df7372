import * as mupdf from 'mupdf'
import { describe, expect, it } from 'vitest'
import { encodePng } from './png'

/** The pixels a PNG decodes to, by mupdf. */
function decode(png: Uint8Array): { width: number; height: number; channels: number; data: number[] } {
  const image = new mupdf.Image(png)
  const pixmap = image.toPixmap()
  try {
    const width = pixmap.getWidth()
    const channels = pixmap.getNumberOfComponents()
    const stride = pixmap.getStride()
    const pixels = pixmap.getPixels()
    const data: number[] = []
    for (let y = 0; y < pixmap.getHeight(); y += 1) data.push(...pixels.subarray(y * stride, y * stride + width * channels))
    return { width, height: pixmap.getHeight(), channels, data }
  } finally {
    pixmap.destroy()
  }
}

describe('PNG encoding of drawn pages', () => {
  it('encodes gray and RGB pixels that decode to the same pixels, rows padded to their stride', () => {
    const gray = Uint8Array.from({ length: 8 * 3 }, (_, i) => (i * 37) & 0xff)
    // 5 RGB pixels a row (15 bytes) in rows of 16: the padding byte is not part of the image.
    const rgb = Uint8Array.from({ length: 16 * 2 }, (_, i) => (i % 16 === 15 ? 0 : (i * 11) & 0xff))
    expect(decode(encodePng({ width: 8, height: 3, channels: 1, stride: 8, data: gray }))).toEqual({ width: 8, height: 3, channels: 1, data: [...gray] })
    const expected = [...rgb.subarray(0, 15), ...rgb.subarray(16, 31)]
    expect(decode(encodePng({ width: 5, height: 2, channels: 3, stride: 16, data: rgb }))).toEqual({ width: 5, height: 2, channels: 3, data: expected })
  })

  it('answers a PNG that owns its buffer, so it moves to the main thread without a copy', () => {
    const png = encodePng({ width: 2, height: 2, channels: 1, stride: 2, data: new Uint8Array(4) })
    expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
    expect(png.byteOffset).toBe(0)
    expect(png.buffer.byteLength).toBe(png.byteLength)
  })
})
