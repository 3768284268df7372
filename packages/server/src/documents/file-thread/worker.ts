import { readFile } from 'node:fs/promises'
import { parentPort } from 'node:worker_threads'
import type { BatchPage } from '@portal/sdk/state'
import { buildPartPdf, PageBuildError, type SourceFile } from '../../commands/editor/buildPartPdf'
import type { Inspection, IntakeLimits } from '../../extraction/inspect'
import { ownBuffer, ownBuffers } from './buffers'
import { drawPage, type PageImage } from './draw-page'

/** A file's bytes, or its path for the thread to read it itself (so the bytes never pass through the main thread). */
export type ThreadFile = Uint8Array | string

/** Work the pool sends a file thread: draw one page, or inspect an upload (kind, page count, limits). */
export type FileThreadRequest =
  | { id: number; task: 'draw'; file: ThreadFile; mime: string; page: number; maxWidth: number }
  | { id: number; task: 'inspect'; file: ThreadFile; limits: IntakeLimits }
  | { id: number; task: 'buildParts'; parts: BatchPage[][]; sources: [number, SourceFile][] }

/** The document editor's parts as PDFs, or the page that could not be taken over. */
export type PartsAnswer = { pdfs: Uint8Array[] } | { failed: { page: BatchPage; message: string } }

/** An inspection as it crosses threads: without the open PDF and the image list, which stay behind. */
export type InspectionAnswer = { ok: true; kind: Extract<Inspection, { ok: true }>['kind']; pages: number } | Extract<Inspection, { ok: false }>

/** The thread's answer: the result (a page image or null, an inspection) or the error's message (and code, such as ENOENT). */
export interface FileThreadAnswer {
  id: number
  result?: PageImage | null | InspectionAnswer | PartsAnswer
  error?: string
  code?: string
}

/** The bytes of a file as the engines want them: a plain Uint8Array (pdf.js refuses a Buffer). */
async function bytesOf(file: ThreadFile): Promise<Uint8Array> {
  if (typeof file !== 'string') return file
  const read = await readFile(file)
  return new Uint8Array(read.buffer, read.byteOffset, read.byteLength)
}


async function inspect(bytes: Uint8Array, limits: IntakeLimits): Promise<InspectionAnswer> {
  // pdf.js loads on the first inspection, not when the thread starts to draw pages.
  const { inspectFile } = await import('../../extraction/inspect')
  const inspection = await inspectFile(bytes, limits)
  if (!inspection.ok) return inspection
  await inspection.pdf?.destroy()
  return { ok: true, kind: inspection.kind, pages: inspection.pages }
}

/** Each part's PDF in order; the PDFs of one upload are loaded once for all parts. */
async function buildParts(parts: BatchPage[][], sources: Map<number, SourceFile>): Promise<PartsAnswer> {
  const loaded = new Map()
  const pdfs: Uint8Array[] = []
  try {
    for (const pages of parts) pdfs.push(await buildPartPdf(pages, sources, loaded))
  } catch (error) {
    if (error instanceof PageBuildError) return { failed: { page: error.page, message: String(error.cause) } }
    throw error
  }
  return { pdfs }
}

// One request at a time: the pool sends the next only when this one has answered, so a thread holds one file's work.
parentPort!.on('message', async (request: FileThreadRequest) => {
  try {
    if (request.task === 'inspect') {
      parentPort!.postMessage({ id: request.id, result: await inspect(await bytesOf(request.file), request.limits) } satisfies FileThreadAnswer)
      return
    }
    if (request.task === 'buildParts') {
      const answer = await buildParts(request.parts, new Map(request.sources))
      // The PDFs pdf-lib saved own their buffers: handed over, not copied.
      parentPort!.postMessage({ id: request.id, result: answer } satisfies FileThreadAnswer, 'pdfs' in answer ? ownBuffers(answer.pdfs) : [])
      return
    }
    const image = drawPage(await bytesOf(request.file), request.mime, request.page, request.maxWidth)
    // The PNG (encoded here, see ./png.ts) owns its buffer.
    const png = image ? ownBuffer(image.png) : undefined
    parentPort!.postMessage({ id: request.id, result: image } satisfies FileThreadAnswer, png ? [png] : [])
  } catch (error) {
    const code = (error as NodeJS.ErrnoException | undefined)?.code
    parentPort!.postMessage({ id: request.id, error: error instanceof Error ? error.message : String(error), ...(typeof code === 'string' ? { code } : {}) } satisfies FileThreadAnswer)
  }
})
