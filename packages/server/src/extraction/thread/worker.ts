import { parentPort, workerData } from 'node:worker_threads'
import { extractDocument, type ExtractOptions } from '../extract'
import type { OcrEngine } from '../ocr/engine'
import { configureOcr } from '../ocr/pool'

/** A file to read, as the pool sends it. */
export interface ExtractionRequest {
  id: number
  bytes: Uint8Array
  options: ExtractOptions
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
parentPort!.on('message', async ({ id, bytes, options }: ExtractionRequest) => {
  try {
    parentPort!.postMessage({ id, result: await extractDocument(bytes, options) })
  } catch (error) {
    parentPort!.postMessage({ id, error: error instanceof Error ? error.message : String(error) })
  }
})
