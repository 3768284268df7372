import { parentPort } from 'node:worker_threads'
import { drawPage, type PageImage } from './render'

/** A page to draw, as the pool sends it. */
export interface PageImageRequest {
  id: number
  bytes: Uint8Array
  mime: string
  page: number
  maxWidth: number
}

/** The thread's answer: the image (null: no such page) or the error's message. */
export interface PageImageAnswer {
  id: number
  image?: PageImage | null
  error?: string
}

// One page at a time: the pool sends the next only when this one has answered, so a thread holds one page's pixels.
parentPort!.on('message', ({ id, bytes, mime, page, maxWidth }: PageImageRequest) => {
  try {
    const image = drawPage(bytes, mime, page, maxWidth)
    const answer: PageImageAnswer = { id, image }
    // The PNG is a fresh copy out of mupdf's memory, so its buffer can be handed over instead of copied again.
    const own = image && image.png.byteOffset === 0 && image.png.byteLength === image.png.buffer.byteLength && image.png.buffer instanceof ArrayBuffer
    parentPort!.postMessage(answer, own ? [image.png.buffer as ArrayBuffer] : [])
  } catch (error) {
    parentPort!.postMessage({ id, error: error instanceof Error ? error.message : String(error) } satisfies PageImageAnswer)
  }
})
