import { MimeType } from '@portal/sdk/domain'
import { evenLight, findPageCorners, greyToPixels, scaleCorners, straighten, straightenedSize, toGrey, type Corners } from './pageImage'

/** One captured page: the straightened, evened JPEG that will be sent, and a URL to show it. */
export interface CapturedPage {
  id: string
  jpeg: Blob
  url: string
}

/** The largest a page may be once encoded (the "under ~500 KB"). */
export const MAX_PAGE_BYTES = 500_000
/** The long side of a straightened page: about 190 dpi on A4, enough for OCR and small enough to send. */
const PAGE_LONG_SIDE = 2200
/** The long side of the copy the edges are searched on (fast, and the paper is large on it). */
const SEARCH_LONG_SIDE = 240
const QUALITIES = [0.8, 0.65, 0.5]

let sequence = 0

function canvas(width: number, height: number): { canvas: HTMLCanvasElement; context: CanvasRenderingContext2D } {
  const element = document.createElement('canvas')
  element.width = width
  element.height = height
  const context = element.getContext('2d', { willReadFrequently: true })
  if (!context) throw new Error('No 2D canvas')
  return { canvas: element, context }
}

const toJpeg = (element: HTMLCanvasElement, quality: number) =>
  new Promise<Blob>((resolve, reject) => element.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('JPEG encoding failed'))), MimeType.jpeg, quality))

/** The whole picture as the page when no paper stands out. */
const wholePicture = (width: number, height: number): Corners => ({
  topLeft: { x: 0, y: 0 },
  topRight: { x: width, y: 0 },
  bottomRight: { x: width, y: height },
  bottomLeft: { x: 0, y: height },
})

/**
 * Takes the camera's current picture as a page: finds the paper's edges on a small copy, straightens the full
 * picture onto an upright page, evens out the light, and encodes it as a grey JPEG under MAX_PAGE_BYTES (lower
 * quality first, then a smaller page).
 */
export async function capturePage(video: HTMLVideoElement): Promise<CapturedPage> {
  const width = video.videoWidth
  const height = video.videoHeight
  const full = canvas(width, height)
  full.context.drawImage(video, 0, 0, width, height)
  const scale = Math.min(1, SEARCH_LONG_SIDE / Math.max(width, height))
  const small = canvas(Math.max(1, Math.round(width * scale)), Math.max(1, Math.round(height * scale)))
  small.context.drawImage(full.canvas, 0, 0, small.canvas.width, small.canvas.height)
  const found = findPageCorners(toGrey(small.context.getImageData(0, 0, small.canvas.width, small.canvas.height)))
  const corners = found ? scaleCorners(found, width / small.canvas.width) : wholePicture(width, height)
  const grey = toGrey(full.context.getImageData(0, 0, width, height))
  let longSide = PAGE_LONG_SIDE
  for (;;) {
    const size = straightenedSize(corners, longSide)
    const page = evenLight(straighten(grey, corners, size.width, size.height))
    const out = canvas(size.width, size.height)
    const pixels = greyToPixels(page)
    out.context.putImageData(new ImageData(pixels.data, pixels.width, pixels.height), 0, 0)
    for (const quality of QUALITIES) {
      const jpeg = await toJpeg(out.canvas, quality)
      if (jpeg.size <= MAX_PAGE_BYTES) return { id: `page-${++sequence}`, jpeg, url: URL.createObjectURL(jpeg) }
    }
    longSide = Math.round(longSide * 0.75)
  }
}
