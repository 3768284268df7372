import type { GrayImage } from './raster'

/** One page of a TIFF to write: its pixels and resolution. */
export interface TiffPage {
  image: GrayImage
  dpi: number
}

const SHORT = 3
const LONG = 4
const RATIONAL = 5

/**
 * Encodes pages as an uncompressed 8-bit grayscale multi-page TIFF, as document scanners deliver:
 * no compression, so writing costs little more than copying the pixels.
 */
export function encodeGrayTiff(pages: TiffPage[]): Uint8Array {
  const entries = 11
  const ifdSize = 2 + entries * 12 + 4 + 16 // entries, next-IFD offset, two resolution rationals
  const total = 8 + pages.reduce((sum, page) => sum + ifdSize + page.image.data.length, 0)
  const bytes = new Uint8Array(total)
  const view = new DataView(bytes.buffer)
  bytes.set([0x49, 0x49, 0x2a, 0x00])
  view.setUint32(4, 8, true)
  let at = 8
  pages.forEach((page, index) => {
    const { width, height, data } = page.image
    const ifd = at
    const rationals = ifd + 2 + entries * 12 + 4
    const pixels = ifd + ifdSize
    const next = index + 1 < pages.length ? pixels + data.length : 0
    view.setUint16(ifd, entries, true)
    // Tags in ascending order, as TIFF requires.
    const tags: Array<[number, number, number]> = [
      [256, LONG, width],
      [257, LONG, height],
      [258, SHORT, 8],
      [259, SHORT, 1],
      [262, SHORT, 1],
      [273, LONG, pixels],
      [277, SHORT, 1],
      [278, LONG, height],
      [279, LONG, data.length],
      [282, RATIONAL, rationals],
      [283, RATIONAL, rationals + 8],
    ]
    tags.forEach(([tag, type, value], slot) => {
      const entry = ifd + 2 + slot * 12
      view.setUint16(entry, tag, true)
      view.setUint16(entry + 2, type, true)
      view.setUint32(entry + 4, 1, true)
      if (type === SHORT) view.setUint16(entry + 8, value, true)
      else view.setUint32(entry + 8, value, true)
    })
    view.setUint32(ifd + 2 + entries * 12, next, true)
    for (const offset of [rationals, rationals + 8]) {
      view.setUint32(offset, Math.round(page.dpi), true)
      view.setUint32(offset + 4, 1, true)
    }
    bytes.set(data, pixels)
    at = pixels + data.length
  })
  return bytes
}
