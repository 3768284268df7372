import { RENDERABLE_MIMES } from '../../extraction/ocr/renderable'

// What the main thread needs to know of page images, without mupdf (draw-page.ts draws them in the file threads).

/** Widest page image served, in pixels: an A4 page at 300 dpi; finer scans are shown scaled down. */
export const MAX_PAGE_IMAGE_WIDTH = 2480

/** One page drawn as PNG, with its pixel size. */
export interface PageImage {
  png: Uint8Array
  width: number
  height: number
}

/** Whether files of this mime type have pages mupdf can draw. */
export function hasPageImages(mime: string): boolean {
  return RENDERABLE_MIMES.has(mime)
}
