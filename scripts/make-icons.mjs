// Draws the portal's app icons (issue 36) into packages/web/public/icons: a white receipt with lines on the brand
// colour #336699. PNGs at 192 and 512 px (rounded square) and a maskable 512 px one (full bleed, the receipt inside the
// safe zone), plus the same drawing as SVG. Run `node scripts/make-icons.mjs` after changing the drawing; the files
// are committed.
import { writeFileSync } from 'node:fs'
import { deflateSync, crc32 } from 'node:zlib'
import { fileURLToPath } from 'node:url'

const OUT = fileURLToPath(new URL('../packages/web/public/icons/', import.meta.url))
const BRAND = [0x33, 0x66, 0x99]
const WHITE = [0xff, 0xff, 0xff]
const FOLD = [0xc9, 0xd9, 0xe8]

/** The drawing in a 0..1 square: what colour a point has, or undefined outside the icon. */
function colourAt(x, y, { maskable }) {
  if (!maskable) {
    // Rounded square, corner radius 0.18.
    const r = 0.18
    const cx = Math.min(Math.max(x, r), 1 - r)
    const cy = Math.min(Math.max(y, r), 1 - r)
    if (Math.hypot(x - cx, y - cy) > r) return undefined
  }
  // The receipt: inside the maskable safe zone (the middle 80 %) either way.
  const scale = maskable ? 0.62 : 0.72
  const u = (x - 0.5) / scale + 0.5
  const v = (y - 0.5) / scale + 0.5
  const left = 0.2
  const right = 0.8
  const top = 0.08
  const bottom = 0.92
  const fold = 0.16
  if (u >= left && u <= right && v >= top && v <= bottom) {
    // The folded corner at the top right.
    if (u > right - fold && v < top + fold) {
      if (u - (right - fold) > v - top) return BRAND
      return FOLD
    }
    // Zig-zag lower edge of a till receipt.
    const tooth = 0.05
    const phase = ((u - left) % (2 * tooth)) / tooth
    const edge = bottom - tooth * (phase < 1 ? phase : 2 - phase)
    if (v > edge) return BRAND
    // Lines of print, the last one short (the total).
    for (const [from, to, y0] of [[0.3, 0.62, 0.3], [0.3, 0.7, 0.42], [0.3, 0.66, 0.54], [0.45, 0.7, 0.7]]) {
      if (u >= from && u <= to && v >= y0 && v <= y0 + 0.05) return BRAND
    }
    return WHITE
  }
  return BRAND
}

function png(size, options) {
  const raw = Buffer.alloc(size * (size * 4 + 1))
  const samples = 4
  for (let y = 0; y < size; y += 1) {
    raw[y * (size * 4 + 1)] = 0
    for (let x = 0; x < size; x += 1) {
      // 4×4 supersampling: smooth edges.
      let r = 0, g = 0, b = 0, a = 0
      for (let sy = 0; sy < samples; sy += 1) {
        for (let sx = 0; sx < samples; sx += 1) {
          const colour = colourAt((x + (sx + 0.5) / samples) / size, (y + (sy + 0.5) / samples) / size, options)
          if (!colour) continue
          r += colour[0]; g += colour[1]; b += colour[2]; a += 255
        }
      }
      const n = samples * samples
      const covered = a / 255
      const at = y * (size * 4 + 1) + 1 + x * 4
      raw[at] = covered ? Math.round(r / covered) : 0
      raw[at + 1] = covered ? Math.round(g / covered) : 0
      raw[at + 2] = covered ? Math.round(b / covered) : 0
      raw[at + 3] = Math.round(a / n)
    }
  }
  const chunk = (type, data) => {
    const length = Buffer.alloc(4)
    length.writeUInt32BE(data.length)
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data])
    const crc = Buffer.alloc(4)
    crc.writeUInt32BE(crc32(body) >>> 0)
    return Buffer.concat([length, body, crc])
  }
  const header = Buffer.alloc(13)
  header.writeUInt32BE(size, 0)
  header.writeUInt32BE(size, 4)
  header[8] = 8 // bit depth
  header[9] = 6 // RGBA
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

const SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">
  <rect width="100" height="100" rx="18" fill="#336699"/>
  <path d="M28.4 19.8 H54.8 L71.6 36.6 V80.2 L68 76.6 L64.4 80.2 L60.8 76.6 L57.2 80.2 L53.6 76.6 L50 80.2 L46.4 76.6 L42.8 80.2 L39.2 76.6 L35.6 80.2 L32 76.6 L28.4 80.2 Z" fill="#fff"/>
  <path d="M59.9 19.8 L71.6 31.5 H59.9 Z" fill="#c9d9e8"/>
  <g fill="#336699"><rect x="35.6" y="36.6" width="23" height="3.6"/><rect x="35.6" y="45.2" width="28.8" height="3.6"/><rect x="35.6" y="53.9" width="25.9" height="3.6"/><rect x="46.4" y="65.4" width="18" height="3.6"/></g>
</svg>
`

writeFileSync(`${OUT}icon-192.png`, png(192, { maskable: false }))
writeFileSync(`${OUT}icon-512.png`, png(512, { maskable: false }))
writeFileSync(`${OUT}icon-maskable-512.png`, png(512, { maskable: true }))
writeFileSync(`${OUT}icon.svg`, SVG)
console.log(`icons written to ${OUT}`)
