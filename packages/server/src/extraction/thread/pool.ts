import { Worker } from 'node:worker_threads'
import type { ExtractionResult, ExtractOptions } from '../extract'
import { activeOcrEngine, ocrSettings } from '../ocr/pool'
import { observe } from '../../observability/metrics'
import type { ExtractionRequest, ExtractionThreadData } from './worker'

/** How the extraction threads run. */
export interface ExtractionThreadSettings {
  /** Threads reading files at once (one file each). */
  threads: number
  /** A thread idle this long ends, giving back the memory its engines grew to (WebAssembly memory never shrinks). */
  idleMs: number
  /** A file still being read after this long ends its thread and is refused. */
  timeLimitMs: number
  /** A thread ends after this many files, so no engine's memory grows without bound. */
  maxFiles: number
  /** JavaScript heap one thread may use; a file that needs more ends its thread and is refused, the server lives on. */
  memoryMb: number
}

let settings: ExtractionThreadSettings = { threads: 2, idleMs: 10_000, timeLimitMs: 30 * 60_000, maxFiles: 200, memoryMb: 1024 }

/** Changes the settings; running threads keep theirs until they end. */
export function configureExtractionThreads(options: Partial<ExtractionThreadSettings>): void {
  const next = { ...settings, ...options }
  if (!Number.isInteger(next.threads) || next.threads < 1) throw new RangeError('extraction threads must be a positive integer')
  settings = next
}

interface Task {
  file: Uint8Array | string
  options: ExtractOptions
  /** The caller is done with the bytes: their buffer moves to the thread instead of being copied. */
  handOver: boolean
  resolve(result: ExtractionResult): void
  reject(error: Error): void
}

interface Slot {
  worker: Worker
  files: number
  task: (Task & { id: number; timer: NodeJS.Timeout }) | null
  idle: NodeJS.Timeout | null
}

const slots = new Set<Slot>()
const waiting: Task[] = []
let nextId = 1

/** The thread's entry: the bundled worker beside the built server, else the sources through tsx. */
function startThread(): Worker {
  const data: ExtractionThreadData = { ocrWorkers: Math.max(1, Math.round(ocrSettings().workers / settings.threads)), ocrEngine: activeOcrEngine() }
  const resourceLimits = { maxOldGenerationSizeMb: settings.memoryMb }
  if (import.meta.url.endsWith('.ts')) {
    return new Worker(new URL('./bootstrap.mjs', import.meta.url), { workerData: { ...data, entry: new URL('./worker.ts', import.meta.url).href }, resourceLimits })
  }
  return new Worker(new URL('./extraction-worker.mjs', import.meta.url), { workerData: data, resourceLimits })
}

function end(slot: Slot): void {
  slots.delete(slot)
  if (slot.idle) clearTimeout(slot.idle)
  void slot.worker.terminate()
}

function openSlot(): Slot {
  const slot: Slot = { worker: startThread(), files: 0, task: null, idle: null }
  const fail = (error: Error) => {
    const task = slot.task
    slot.task = null
    end(slot)
    if (task) {
      clearTimeout(task.timer)
      task.reject(error)
    }
    dispatch()
  }
  slot.worker.on('message', (message: { id: number; result?: ExtractionResult; error?: string; ocrSeconds?: number[] }) => {
    for (const seconds of message.ocrSeconds ?? []) observe.ocrPage(seconds)
    const task = slot.task
    if (!task || task.id !== message.id) return
    clearTimeout(task.timer)
    slot.task = null
    slot.files += 1
    if (message.error !== undefined) task.reject(new Error(message.error))
    else task.resolve(message.result!)
    if (slot.files >= settings.maxFiles) end(slot)
    else park(slot)
    dispatch()
  })
  slot.worker.on('error', (error: Error & { code?: string }) =>
    fail(error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? new Error(`reading the file needs more than the ${settings.memoryMb} MB a document may use`) : error),
  )
  slot.worker.on('exit', (code) => {
    if (slots.has(slot)) fail(new Error(`the extraction thread stopped (exit code ${code})`))
  })
  slots.add(slot)
  return slot
}

/** An idle thread does not keep the process alive, and ends after the idle time. */
function park(slot: Slot): void {
  slot.worker.unref()
  slot.idle = setTimeout(() => end(slot), settings.idleMs)
  slot.idle.unref()
}

function run(slot: Slot, task: Task): void {
  if (slot.idle) clearTimeout(slot.idle)
  slot.idle = null
  slot.worker.ref()
  const id = nextId++
  const timer = setTimeout(() => {
    slot.task = null
    end(slot)
    task.reject(new Error(`reading the file took longer than the time limit of ${Math.round(settings.timeLimitMs / 1000)} s`))
    dispatch()
  }, settings.timeLimitMs)
  slot.task = { ...task, id, timer }
  const request: ExtractionRequest = { id, file: task.file, options: task.options }
  const own = task.handOver && typeof task.file !== 'string' ? ownBuffer(task.file) : undefined
  slot.worker.postMessage(request, own ? [own] : [])
}

/**
 * The buffer of `bytes` when they alone fill it, so it can move to the thread whole; undefined for a view into a larger
 * buffer (Node's pooled small Buffers), which goes over as a copy.
 */
function ownBuffer(bytes: Uint8Array): ArrayBuffer | undefined {
  return bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength && bytes.buffer instanceof ArrayBuffer ? bytes.buffer : undefined
}

function dispatch(): void {
  while (waiting.length > 0) {
    const free = [...slots].find((slot) => slot.task === null)
    if (free) run(free, waiting.shift()!)
    else if (slots.size < settings.threads) run(openSlot(), waiting.shift()!)
    else return
  }
}

/**
 * Reads a file like extractDocument, in a thread of its own: the engines (pdfjs, mupdf, OCR) block while they
 * work, and a hostile file (a stream inflating to hundreds of megabytes, a huge XML) would otherwise stall every
 * request of the server. Files wait for a free thread. `file` is the bytes or the file's path, which the thread
 * reads itself, so the bytes (a scan page is ~9 MB) never pass through the main thread, whose garbage collection they
 * would drive. Bytes go over as a copy, so the caller keeps them, unless `handOver`: then their buffer moves to the
 * thread and is empty here afterwards.
 */
export function extractInThread(file: Uint8Array | string, options: ExtractOptions = {}, handOver = false): Promise<ExtractionResult> {
  return new Promise((resolve, reject) => {
    waiting.push({ file, options, handOver, resolve, reject })
    dispatch()
  })
}

/** How many extraction threads are running now. */
export function extractionThreadCount(): number {
  return slots.size
}

/** Ends every thread (server close); files still waiting are refused. */
export async function closeExtractionThreads(): Promise<void> {
  for (const task of waiting.splice(0)) task.reject(new Error('the server is stopping'))
  const ending = [...slots].map((slot) => {
    slots.delete(slot)
    if (slot.idle) clearTimeout(slot.idle)
    if (slot.task) {
      clearTimeout(slot.task.timer)
      slot.task.reject(new Error('the server is stopping'))
    }
    return slot.worker.terminate()
  })
  await Promise.all(ending)
}
