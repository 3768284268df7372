/** An 8-bit grayscale image, one byte a pixel, rows without padding (0 black, 255 white). */
export interface GrayImage {
  width: number
  height: number
  data: Uint8Array
}

/** A rendered page ready for OCR: the pixels and the page's size in PDF points. */
export interface PageRaster {
  /** 1-based page number. */
  page: number
  image: GrayImage
  /** Page size in PDF points; pixel coordinates scale to it. */
  widthPt: number
  heightPt: number
}

/**
 * Wraps the pixels as a binary PGM (P5) file: Leptonica inside tesseract reads it directly, so the
 * costly PNG encoding is skipped; the header is the only thing added.
 */
export function toPgm(image: GrayImage): Uint8Array {
  const header = new TextEncoder().encode(`P5\n${image.width} ${image.height}\n255\n`)
  const file = new Uint8Array(header.length + image.data.length)
  file.set(header)
  file.set(image.data, header.length)
  return file
}

/** Shrinks an image by an integer factor, averaging each factor × factor block. */
export function downscale(image: GrayImage, factor: number): GrayImage {
  if (factor <= 1) return image
  const width = Math.floor(image.width / factor)
  const height = Math.floor(image.height / factor)
  const data = new Uint8Array(width * height)
  const area = factor * factor
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      let sum = 0
      for (let dy = 0; dy < factor; dy += 1) {
        const row = (y * factor + dy) * image.width + x * factor
        for (let dx = 0; dx < factor; dx += 1) sum += image.data[row + dx]
      }
      data[y * width + x] = sum / area
    }
  }
  return { width, height, data }
}

/** Otsu's threshold: the gray level that best separates ink from paper. */
export function otsuThreshold(image: GrayImage): number {
  // An indexed loop into integer counts: four times faster than for…of on a 300 dpi page.
  const { data } = image
  const histogram = new Uint32Array(256)
  for (let index = 0; index < data.length; index += 1) histogram[data[index]] += 1
  const total = data.length
  let sumAll = 0
  for (let level = 0; level < 256; level += 1) sumAll += level * histogram[level]
  let sumBackground = 0
  let weightBackground = 0
  let best = 128
  let bestVariance = -1
  for (let level = 0; level < 256; level += 1) {
    weightBackground += histogram[level]
    if (weightBackground === 0) continue
    const weightForeground = total - weightBackground
    if (weightForeground === 0) break
    sumBackground += level * histogram[level]
    const meanBackground = sumBackground / weightBackground
    const meanForeground = (sumAll - sumBackground) / weightForeground
    const variance = weightBackground * weightForeground * (meanBackground - meanForeground) ** 2
    if (variance > bestVariance) {
      bestVariance = variance
      best = level
    }
  }
  return best
}

/** Whether an image holds any marks at all, judged on a sample of pixels: blank pages skip OCR. */
export function hasInk(image: GrayImage): boolean {
  const step = Math.max(1, Math.floor(image.data.length / 200_000))
  let dark = 0
  for (let index = 0; index < image.data.length; index += step) if (image.data[index] < 128) dark += 1
  return dark >= 20
}
