import { parentPort } from 'node:worker_threads'
import type { Inspection, IntakeLimits } from '../../extraction/inspect'
import { drawPage, type PageImage } from './draw-page'

/** Work the pool sends a file thread: draw one page, or inspect an upload (kind, page count, limits). */
export type FileThreadRequest =
  | { id: number; task: 'draw'; bytes: Uint8Array; mime: string; page: number; maxWidth: number }
  | { id: number; task: 'inspect'; bytes: Uint8Array; limits: IntakeLimits }

/** An inspection as it crosses threads: without the open PDF and the image list, which stay behind. */
export type InspectionAnswer = { ok: true; kind: Extract<Inspection, { ok: true }>['kind']; pages: number } | Extract<Inspection, { ok: false }>

/** The thread's answer: the result (a page image or null, an inspection) or the error's message. */
export interface FileThreadAnswer {
  id: number
  result?: PageImage | null | InspectionAnswer
  error?: string
}

/** A PNG fresh out of mupdf's memory owns its buffer: it can be handed over instead of copied again. */
function ownBuffer(bytes: Uint8Array): ArrayBuffer | undefined {
  return bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength && bytes.buffer instanceof ArrayBuffer ? bytes.buffer : undefined
}

async function inspect(bytes: Uint8Array, limits: IntakeLimits): Promise<InspectionAnswer> {
  // pdf.js loads on the first inspection, not when the thread starts to draw pages.
  const { inspectFile } = await import('../../extraction/inspect')
  const inspection = await inspectFile(bytes, limits)
  if (!inspection.ok) return inspection
  await inspection.pdf?.destroy()
  return { ok: true, kind: inspection.kind, pages: inspection.pages }
}

// One request at a time: the pool sends the next only when this one has answered, so a thread holds one file's work.
parentPort!.on('message', async (request: FileThreadRequest) => {
  try {
    if (request.task === 'inspect') {
      parentPort!.postMessage({ id: request.id, result: await inspect(request.bytes, request.limits) } satisfies FileThreadAnswer)
      return
    }
    const image = drawPage(request.bytes, request.mime, request.page, request.maxWidth)
    const png = image ? ownBuffer(image.png) : undefined
    parentPort!.postMessage({ id: request.id, result: image } satisfies FileThreadAnswer, png ? [png] : [])
  } catch (error) {
    parentPort!.postMessage({ id: request.id, error: error instanceof Error ? error.message : String(error) } satisfies FileThreadAnswer)
  }
})
