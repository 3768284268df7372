import { availableParallelism } from 'node:os'
import { createScheduler, createWorker, OEM, type Page, type Scheduler } from 'tesseract.js'
import { languageFolder, OCR_LANGUAGES } from './languages'

/** Settings of the OCR worker pool. */
export interface OcrSettings {
  /** Tesseract workers (threads) recognising pages in parallel. */
  workers: number
}

let settings: OcrSettings = { workers: Math.max(1, availableParallelism()) }
let pool: Promise<Scheduler> | null = null

/** Changes the pool's settings; takes effect when the pool is next created (now, if it is closed). */
export function configureOcr(options: Partial<OcrSettings>): void {
  settings = { ...settings, ...options }
  if (options.workers !== undefined && (!Number.isInteger(options.workers) || options.workers < 1)) {
    throw new RangeError('OCR workers must be a positive integer')
  }
}

/** The pool's current settings. */
export function ocrSettings(): OcrSettings {
  return { ...settings }
}

async function startWorker(langPath: string) {
  const worker = await createWorker([...OCR_LANGUAGES], OEM.LSTM_ONLY, {
    langPath,
    gzip: true,
    // Never read or write a cache beside the process, never download: the models come from langPath.
    cacheMethod: 'none',
  })
  // Invoices are printed dark on light; the check for inverted text costs time and finds nothing.
  await worker.setParameters({ tessedit_do_invert: '0' })
  return worker
}

async function startPool(): Promise<Scheduler> {
  const langPath = languageFolder()
  const scheduler = createScheduler()
  try {
    const workers = await Promise.all(Array.from({ length: settings.workers }, () => startWorker(langPath)))
    for (const worker of workers) scheduler.addWorker(worker)
  } catch (error) {
    await scheduler.terminate()
    throw error
  }
  return scheduler
}

/** The shared pool, created on first use and reused across pages and documents. */
function scheduler(): Promise<Scheduler> {
  if (!pool) {
    pool = startPool()
    // A failed start is not cached: the next page tries again.
    pool.catch(() => {
      pool = null
    })
  }
  return pool
}

/** Recognises one image (any format Leptonica reads; PGM avoids encoding) on the next free worker: words, lines and blocks with boxes. */
export async function recognizeImage(image: Uint8Array): Promise<Page> {
  const result = await (await scheduler()).addJob('recognize', image, {}, { text: false, blocks: true })
  return result.data
}

/** Stops the workers (server close); a later page starts a new pool. */
export async function closeOcr(): Promise<void> {
  const current = pool
  pool = null
  if (current) await current.then((s) => s.terminate(), () => undefined)
}
