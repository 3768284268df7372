import { availableParallelism } from 'node:os'
import { Worker } from 'node:worker_threads'
import type { PageImage } from './render'
import type { PageImageAnswer, PageImageRequest } from './worker'

/** How the page-image threads run. */
export interface PageImageThreadSettings {
  /** Threads drawing pages at once, one page each (each holds up to ~50 MB of pixels while it draws). */
  threads: number
  /** A thread idle this long ends, giving back the memory mupdf grew to (WebAssembly memory never shrinks). */
  idleMs: number
  /** A page still being drawn after this long ends its thread and is refused. */
  timeLimitMs: number
  /** A thread ends after this many pages, so mupdf's memory cannot grow without bound. */
  maxPages: number
}

let settings: PageImageThreadSettings = { threads: Math.min(2, availableParallelism()), idleMs: 15_000, timeLimitMs: 60_000, maxPages: 500 }

/** Changes the settings; running threads keep theirs until they end. */
export function configurePageImageThreads(options: Partial<PageImageThreadSettings>): void {
  const next = { ...settings, ...options }
  if (!Number.isInteger(next.threads) || next.threads < 1) throw new RangeError('page-image threads must be a positive integer')
  settings = next
}

type Job = Omit<PageImageRequest, 'id'> & { resolve(image: PageImage | null): void; reject(error: Error): void }

interface Slot {
  worker: Worker
  pages: number
  job: (Job & { id: number; timer: NodeJS.Timeout }) | null
  idle: NodeJS.Timeout | null
}

const slots = new Set<Slot>()
const waiting: Job[] = []
let nextId = 1

/**
 * The thread's entry: the bundled worker beside the built server (scripts/build-server.mjs), else the sources
 * through the extraction thread's tsx bootstrap (Node 20 applies no `--import` hooks to a worker's entry).
 */
function startThread(): Worker {
  if (import.meta.url.endsWith('.ts')) {
    const entry = new URL('./worker.ts', import.meta.url).href
    return new Worker(new URL('../../extraction/thread/bootstrap.mjs', import.meta.url), { workerData: { entry } })
  }
  return new Worker(new URL('./page-image-worker.mjs', import.meta.url))
}

function end(slot: Slot): void {
  slots.delete(slot)
  if (slot.idle) clearTimeout(slot.idle)
  void slot.worker.terminate()
}

/** Settles the slot's page with `settle` and hands the thread the next one (or lets it rest). */
function finish(slot: Slot, settle: (job: Job) => void, keep: boolean): void {
  const job = slot.job
  slot.job = null
  if (job) {
    clearTimeout(job.timer)
    settle(job)
  }
  if (!keep) end(slot)
  else if (slot.pages >= settings.maxPages) end(slot)
  else park(slot)
  dispatch()
}

function openSlot(): Slot {
  const slot: Slot = { worker: startThread(), pages: 0, job: null, idle: null }
  slot.worker.on('message', (answer: PageImageAnswer) => {
    if (slot.job?.id !== answer.id) return
    slot.pages += 1
    finish(slot, (job) => (answer.error !== undefined ? job.reject(new Error(answer.error)) : job.resolve(answer.image ?? null)), true)
  })
  slot.worker.on('error', (error: Error) => finish(slot, (job) => job.reject(error), false))
  slot.worker.on('exit', (code) => {
    if (slots.has(slot)) finish(slot, (job) => job.reject(new Error(`the page-image thread stopped (exit code ${code})`)), false)
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

function run(slot: Slot, job: Job): void {
  if (slot.idle) clearTimeout(slot.idle)
  slot.idle = null
  slot.worker.ref()
  const id = nextId++
  const seconds = Math.round(settings.timeLimitMs / 1000)
  const timer = setTimeout(() => finish(slot, (late) => late.reject(new Error(`drawing the page took longer than the time limit of ${seconds} s`)), false), settings.timeLimitMs)
  slot.job = { ...job, id, timer }
  // The bytes go over as a copy: callers keep using theirs (the document editor draws several pages of one file).
  const request: PageImageRequest = { id, bytes: job.bytes, mime: job.mime, page: job.page, maxWidth: job.maxWidth }
  slot.worker.postMessage(request)
}

function dispatch(): void {
  while (waiting.length > 0) {
    const free = [...slots].find((slot) => slot.job === null)
    if (free) run(free, waiting.shift()!)
    else if (slots.size < settings.threads) run(openSlot(), waiting.shift()!)
    else return
  }
}

/** Draws a page in a page-image thread; pages wait for a free thread. */
export function drawPageInThread(bytes: Uint8Array, mime: string, page: number, maxWidth: number): Promise<PageImage | null> {
  return new Promise((resolve, reject) => {
    waiting.push({ bytes, mime, page, maxWidth, resolve, reject })
    dispatch()
  })
}

/** How many page-image threads are running now. */
export function pageImageThreadCount(): number {
  return slots.size
}

/** Ends every thread (server close); pages still waiting or being drawn are refused. */
export async function closePageImageThreads(): Promise<void> {
  for (const job of waiting.splice(0)) job.reject(new Error('the server is stopping'))
  const ending = [...slots].map((slot) => {
    slots.delete(slot)
    if (slot.idle) clearTimeout(slot.idle)
    if (slot.job) {
      clearTimeout(slot.job.timer)
      slot.job.reject(new Error('the server is stopping'))
    }
    return slot.worker.terminate()
  })
  await Promise.all(ending)
}
