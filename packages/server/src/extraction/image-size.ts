import type { FileKind } from './types'

/** Pixel size of one image page. */
export interface ImagePage {
  width: number
  height: number
}

function pngPages(bytes: Uint8Array): ImagePage[] | null {
  if (bytes.length < 24) return null
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  return [{ width: view.getUint32(16), height: view.getUint32(20) }]
}

function jpegPages(bytes: Uint8Array): ImagePage[] | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  let offset = 2
  while (offset + 9 < bytes.length) {
    if (bytes[offset] !== 0xff) return null
    const marker = bytes[offset + 1]
    if (marker === 0xff) {
      offset += 1
      continue
    }
    const length = view.getUint16(offset + 2)
    // SOF0..SOF15 carry the frame size; C4 (DHT), C8 (JPG) and CC (DAC) share the range but do not.
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return [{ height: view.getUint16(offset + 5), width: view.getUint16(offset + 7) }]
    }
    offset += 2 + length
  }
  return null
}

function tiffPages(bytes: Uint8Array): ImagePage[] | null {
  if (bytes.length < 8) return null
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  const little = bytes[0] === 0x49
  const u16 = (at: number): number => view.getUint16(at, little)
  const u32 = (at: number): number => view.getUint32(at, little)
  const pages: ImagePage[] = []
  let ifd = u32(4)
  const seen = new Set<number>()
  while (ifd !== 0 && !seen.has(ifd)) {
    if (ifd + 2 > bytes.length) return null
    seen.add(ifd)
    const count = u16(ifd)
    if (ifd + 2 + count * 12 + 4 > bytes.length) return null
    const page: ImagePage = { width: 0, height: 0 }
    for (let entry = 0; entry < count; entry += 1) {
      const at = ifd + 2 + entry * 12
      const tag = u16(at)
      const type = u16(at + 2)
      const value = type === 3 ? u16(at + 8) : u32(at + 8)
      if (tag === 256) page.width = value
      if (tag === 257) page.height = value
    }
    pages.push(page)
    ifd = u32(ifd + 2 + count * 12)
  }
  return pages.length > 0 ? pages : null
}

/** Reads the pixel size of each page from the image header without decoding it; null if unreadable. */
export function readImagePages(kind: FileKind, bytes: Uint8Array): ImagePage[] | null {
  try {
    if (kind === 'png') return pngPages(bytes)
    if (kind === 'jpeg') return jpegPages(bytes)
    if (kind === 'tiff') return tiffPages(bytes)
  } catch {
    return null
  }
  return null
}
