import { readFile } from 'node:fs/promises'
import { parentPort, workerData } from 'node:worker_threads'
import { extractDocument, type ExtractOptions } from '../extract'
import type { OcrEngine } from '../ocr/engine'
import { configureOcr, takeOcrPageSeconds } from '../ocr/pool'

/** A file to read, as the pool sends it: its bytes, or its path for the thread to read it itself. */
export interface ExtractionRequest {
  id: number
  file: Uint8Array | string
  options: ExtractOptions
}

/** The bytes of the file as the engines want them: a plain Uint8Array (pdf.js refuses a Buffer). */
async function bytesOf(file: Uint8Array | string): Promise<Uint8Array> {
  if (typeof file !== 'string') return file
  const read = await readFile(file)
  return new Uint8Array(read.buffer, read.byteOffset, read.byteLength)
}

/** Settings the pool hands a new thread. */
export interface ExtractionThreadData {
  ocrWorkers: number
  /** The engine the server chose at start, so every thread reads with the same one. */
  ocrEngine: OcrEngine
}

// One file at a time: the pool sends the next only when this one has answered.
const data = workerData as ExtractionThreadData
configureOcr({ workers: data.ocrWorkers, engine: data.ocrEngine })
parentPort!.on('message', async ({ id, file, options }: ExtractionRequest) => {
  try {
    const result = await extractDocument(await bytesOf(file), options)
    parentPort!.postMessage({ id, result, ocrSeconds: takeOcrPageSeconds() })
  } catch (error) {
    parentPort!.postMessage({ id, error: error instanceof Error ? error.message : String(error), ocrSeconds: takeOcrPageSeconds() })
  }
})
