import { availableParallelism } from 'node:os'
import type { Scheduler } from 'tesseract.js'
import { chooseOcrEngine, OCR_ENGINE_CHOICES, type EngineDecision, type OcrEngine, type OcrEngineChoice } from './engine'
import { languageFolder, OCR_LANGUAGES } from './languages'
import { recognizeNative, startNative } from './native'
import type { OcrPage } from './ocr-result'

/** Settings of the OCR worker pool. */
export interface OcrSettings {
  /** Tesseract workers (threads) recognising pages in parallel. */
  workers: number
  /** The engine reading pages; unset, it is chosen as OCR_ENGINE=auto would (native where installed) on first use. */
  engine?: OcrEngine
}

let settings: OcrSettings = { workers: Math.max(1, availableParallelism()) }
let pool: Promise<Scheduler> | null = null
let decided: EngineDecision | null = null

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

/** Takes the engine decided at start (OCR_ENGINE), with the words operators see for it on /app-info. */
export function useOcrEngine(decision: EngineDecision): void {
  decided = decision
  settings = { ...settings, engine: decision.engine }
}

/**
 * The engine pages are read with: the configured one, else as OCR_ENGINE asks (the eval and bench scripts honour it
 * too), else native where installed, else tesseract.js.
 */
export function activeOcrEngine(): OcrEngine {
  if (settings.engine) return settings.engine
  const asked = (process.env.OCR_ENGINE ?? '').toLowerCase()
  decided ??= chooseOcrEngine((OCR_ENGINE_CHOICES as readonly string[]).includes(asked) ? (asked as OcrEngineChoice) : 'auto')
  return decided.engine
}

/** What reads pages, for operators: e.g. "tesseract 5.3.0 (native)". */
export function ocrEngineDescription(): string {
  if (decided && decided.engine === activeOcrEngine()) return decided.description
  return activeOcrEngine() === 'native' ? 'tesseract (native)' : 'tesseract.js (WebAssembly)'
}

// tesseract.js loads with the first page it reads, not at start (issue 38); the native engine never needs it.
const tesseract = () => import('tesseract.js')

async function startWorker(langPath: string) {
  const { createWorker, OEM } = await tesseract()
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
  const { createScheduler } = await tesseract()
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

// Native pages waiting for one of the `workers` tesseract processes.
let nativeRunning = 0
const nativeWaiting: (() => void)[] = []

function releaseNative(): void {
  nativeRunning -= 1
  nativeWaiting.shift()?.()
}

/** One page's recognition, opened before the page is prepared and handed its image when it is ready. */
export interface PageRecognition {
  read(image: Uint8Array): Promise<OcrPage>
  /** Gives up the page (its preparation failed): frees its place among the workers. */
  cancel(): void
}

/**
 * A native page: when a worker's place is free the tesseract process starts at once, so it loads its models while
 * the page is still being prepared; otherwise it starts when a place frees.
 */
function openNative(dpi: number): PageRecognition {
  if (nativeRunning < settings.workers) {
    nativeRunning += 1
    const reading = startNative(dpi)
    return {
      read: (image) => reading.read(image).finally(releaseNative),
      cancel: () => {
        reading.cancel()
        releaseNative()
      },
    }
  }
  let cancelled = false
  const place = new Promise<void>((resolve) => nativeWaiting.push(resolve))
  return {
    read: async (image) => {
      await place
      nativeRunning += 1
      try {
        return await recognizeNative(image, dpi)
      } finally {
        releaseNative()
      }
    },
    cancel: () => {
      if (cancelled) return
      cancelled = true
      // The place it waits for is passed on at once.
      void place.then(() => {
        nativeRunning += 1
        releaseNative()
      })
    },
  }
}

/** Seconds each page took to recognise since the last take (the extraction thread hands them to the main thread's metrics). */
let pageSeconds: number[] = []

/** The page times recorded since the last call, and starts afresh. */
export function takeOcrPageSeconds(): number[] {
  const taken = pageSeconds
  pageSeconds = []
  return taken
}

/** Records how long a page's recognition took (kept to the last 1,000 if nobody takes them). */
function timed(recognition: PageRecognition): PageRecognition {
  return {
    read: async (image) => {
      const started = performance.now()
      const page = await recognition.read(image)
      if (pageSeconds.length < 1000) pageSeconds.push((performance.now() - started) / 1000)
      return page
    },
    cancel: () => recognition.cancel(),
  }
}

/**
 * Opens the recognition of one page with the active engine; `dpi` tells the native engine the size of the print
 * (a PGM carries none). Call `read` with the page, or `cancel`.
 */
export function openRecognition(dpi = 300): PageRecognition {
  if (activeOcrEngine() === 'native') return timed(openNative(dpi))
  return timed({
    read: async (image) => (await (await scheduler()).addJob('recognize', image, {}, { text: false, blocks: true })).data,
    cancel: () => undefined,
  })
}

/**
 * Recognises one image (PGM: no encoding either way) with the active engine: words, lines and blocks with
 * boxes. `dpi` tells the native engine the size of the print (a PGM carries none).
 */
export function recognizeImage(image: Uint8Array, dpi = 300): Promise<OcrPage> {
  return openRecognition(dpi).read(image)
}

/** Stops the workers (server close); a later page starts a new pool. */
export async function closeOcr(): Promise<void> {
  const current = pool
  pool = null
  if (current) await current.then((s) => s.terminate(), () => undefined)
}
