import { crc32, deflateSync } from 'node:zlib'
import type { Rng } from '../random'
import { flateBomb } from './bombs'

function pngChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8)
  head.writeUInt32BE(data.length, 0)
  head.write(type, 4, 'latin1')
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])) >>> 0, 0)
  return Buffer.concat([head, data, crc])
}

/** A PNG whose header claims `width` × `height`, followed by the given image data (compressed already). */
export function png(width: number, height: number, idat: Buffer, options: { colorType?: number; bitDepth?: number; interlace?: number } = {}): Buffer {
  const ihdr = Buffer.alloc(13)
  ihdr.writeUInt32BE(width >>> 0, 0)
  ihdr.writeUInt32BE(height >>> 0, 4)
  ihdr[8] = options.bitDepth ?? 8
  ihdr[9] = options.colorType ?? 0
  ihdr[12] = options.interlace ?? 0
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', idat),
    pngChunk('IEND', Buffer.alloc(0)),
  ])
}

/** A JPEG with a frame header claiming `width` × `height` and random scan data. */
export function jpeg(rng: Rng, width: number, height: number, marker = 0xc0): Buffer {
  const sof = Buffer.from([0xff, marker, 0x00, 0x0b, 0x08, (height >> 8) & 0xff, height & 0xff, (width >> 8) & 0xff, width & 0xff, 0x01, 0x01, 0x11, 0x00])
  const sos = Buffer.from([0xff, 0xda, 0x00, 0x08, 0x01, 0x01, 0x00, 0x00, 0x3f, 0x00])
  return Buffer.concat([Buffer.from([0xff, 0xd8]), sof, sos, rng.bytes(rng.int(16, 4096)), Buffer.from([0xff, 0xd9])])
}

/** A little-endian TIFF of `pages` IFDs, each claiming `width` × `height`; `loop` points the last IFD back at the first. */
export function tiff(width: number, height: number, pages = 1, loop = false, stripOffset = 8): Buffer {
  const entries = 6
  const ifdSize = 2 + entries * 12 + 4
  const out = Buffer.alloc(8 + pages * ifdSize)
  out.write('II', 0, 'latin1')
  out.writeUInt16LE(42, 2)
  out.writeUInt32LE(8, 4)
  for (let p = 0; p < pages; p++) {
    const at = 8 + p * ifdSize
    out.writeUInt16LE(entries, at)
    const tags: [number, number, number][] = [
      [256, 4, width],
      [257, 4, height],
      [258, 3, 8],
      [259, 3, 1],
      [273, 4, stripOffset],
      [279, 4, width * height],
    ]
    tags.forEach(([tag, type, value], i) => {
      const entry = at + 2 + i * 12
      out.writeUInt16LE(tag, entry)
      out.writeUInt16LE(type, entry + 2)
      out.writeUInt32LE(1, entry + 4)
      if (type === 3) out.writeUInt16LE(value & 0xffff, entry + 8)
      else out.writeUInt32LE(value >>> 0, entry + 8)
    })
    const next = p + 1 < pages ? at + ifdSize : loop ? 8 : 0
    out.writeUInt32LE(next, at + 2 + entries * 12)
  }
  return out
}

/** Images with huge or lying headers, by name. */
export const hostileImages: Record<string, (rng: Rng) => Buffer> = {
  'PNG claiming 2^32-1 square pixels': () => png(0xffffffff, 0xffffffff, deflateSync(Buffer.alloc(100))),
  'PNG claiming 2^31-1 × 1': () => png(0x7fffffff, 1, deflateSync(Buffer.alloc(100))),
  'PNG claiming zero width': (rng) => png(0, rng.int(1, 1000), deflateSync(Buffer.alloc(100))),
  'PNG just over the pixel limit': () => png(10_001, 10_000, deflateSync(Buffer.alloc(100))),
  'PNG just under the pixel limit, no data': (rng) => png(rng.int(9_000, 9_999), 10_000, deflateSync(Buffer.alloc(10))),
  'PNG with a flate bomb IDAT': (rng) => png(rng.int(4_000, 9_000), rng.int(4_000, 9_000), flateBomb(64)),
  'PNG with corrupt IDAT': (rng) => png(rng.int(1, 3000), rng.int(1, 3000), rng.bytes(rng.int(1, 5000)), { colorType: rng.pick([0, 2, 3, 4, 6, 7]), bitDepth: rng.pick([1, 2, 4, 8, 16, 3]), interlace: rng.pick([0, 1, 2]) }),
  'PNG header only': () => Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]),
  'JPEG claiming 65535 × 65535': (rng) => jpeg(rng, 65535, 65535),
  'JPEG progressive claiming 65535 × 1': (rng) => jpeg(rng, 65535, 1, 0xc2),
  'JPEG with zero dimensions': (rng) => jpeg(rng, 0, 0),
  'JPEG with a zero-length marker loop': () => Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x00, 0xff, 0xe0, 0x00, 0x00, 0xff, 0xe0, 0x00, 0x02, 0x00]),
  'JPEG of random scan data': (rng) => jpeg(rng, rng.int(1, 5000), rng.int(1, 5000), rng.pick([0xc0, 0xc1, 0xc2, 0xc3, 0xc9, 0xcb])),
  'TIFF claiming 2^32-1 square pixels': () => tiff(0xffffffff, 0xffffffff),
  'TIFF with 100,000 pixel rows of no data': () => tiff(1000, 100_000),
  'TIFF with an IFD loop': (rng) => tiff(100, 100, rng.int(1, 5), true),
  'TIFF with 600 pages': () => tiff(10, 10, 600),
  'TIFF with strips past the end': (rng) => tiff(rng.int(1, 5000), rng.int(1, 5000), rng.int(1, 3), false, 0x7fffffff),
  'TIFF with an IFD offset past the end': () => Buffer.from([0x49, 0x49, 0x2a, 0x00, 0xff, 0xff, 0xff, 0x7f]),
  'big-endian TIFF of garbage': (rng) => Buffer.concat([Buffer.from([0x4d, 0x4d, 0x00, 0x2a]), rng.bytes(rng.int(4, 3000))]),
}
