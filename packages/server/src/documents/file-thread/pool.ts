import { availableParallelism } from 'node:os'
import { Worker } from 'node:worker_threads'
import type { BatchPage } from '@portal/sdk/state'
import { PageBuildError, type SourceFile } from '../../commands/editor/part-sources'
import type { IntakeLimits } from '../../extraction/inspect'
import { ownBuffers } from './buffers'
import type { PageImage } from './page-images'
import type { FileThreadAnswer, FileThreadRequest, InspectionAnswer, PartsAnswer, ThreadFile } from './worker'

/** How the file threads run. */
export interface FileThreadSettings {
  /** Threads working at once, one request each (drawing a page holds up to ~50 MB of pixels). */
  threads: number
  /** A thread idle this long ends, giving back the memory mupdf and pdf.js grew to (WebAssembly memory never shrinks). */
  idleMs: number
  /** A request still running after this long (per page, for the document editor's parts) ends its thread and is refused. */
  timeLimitMs: number
  /** A thread ends after this many requests, so no engine's memory grows without bound. */
  maxRequests: number
}

let settings: FileThreadSettings = { threads: Math.min(2, availableParallelism()), idleMs: 15_000, timeLimitMs: 60_000, maxRequests: 500 }

/** Changes the settings; running threads keep theirs until they end. */
export function configureFileThreads(options: Partial<FileThreadSettings>): void {
  const next = { ...settings, ...options }
  if (!Number.isInteger(next.threads) || next.threads < 1) throw new RangeError('file threads must be a positive integer')
  settings = next
}

type Work = FileThreadRequest extends infer R ? (R extends FileThreadRequest ? Omit<R, 'id'> : never) : never

interface Job {
  work: Work
  /** Buffers handed over to the thread (no copy; the caller no longer uses them). */
  transfer: ArrayBuffer[]
  /** Pages the request works on: its time limit is that many times the limit of one. */
  pages: number
  resolve(result: FileThreadAnswer['result']): void
  reject(error: Error): void
}

interface Slot {
  worker: Worker
  served: number
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
  return new Worker(new URL('./file-worker.mjs', import.meta.url))
}

function end(slot: Slot): void {
  slots.delete(slot)
  if (slot.idle) clearTimeout(slot.idle)
  void slot.worker.terminate()
}

/** Settles the slot's job with `settle`, then keeps the thread for the next one or ends it. */
function finish(slot: Slot, settle: (job: Job) => void, keep: boolean): void {
  const job = slot.job
  slot.job = null
  if (job) {
    clearTimeout(job.timer)
    settle(job)
  }
  if (keep && slot.served < settings.maxRequests) park(slot)
  else end(slot)
  dispatch()
}

function openSlot(): Slot {
  const slot: Slot = { worker: startThread(), served: 0, job: null, idle: null }
  slot.worker.on('message', (answer: FileThreadAnswer) => {
    if (slot.job?.id !== answer.id) return
    slot.served += 1
    finish(slot, (job) => (answer.error !== undefined ? job.reject(Object.assign(new Error(answer.error), answer.code ? { code: answer.code } : {})) : job.resolve(answer.result)), true)
  })
  slot.worker.on('error', (error: Error) => finish(slot, (job) => job.reject(error), false))
  slot.worker.on('exit', (code) => {
    if (slots.has(slot)) finish(slot, (job) => job.reject(new Error(`the file thread stopped (exit code ${code})`)), false)
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
  const limitMs = settings.timeLimitMs * job.pages
  const timer = setTimeout(() => finish(slot, (late) => late.reject(new Error(`the file took longer than the time limit of ${Math.round(limitMs / 1000)} s`)), false), limitMs)
  slot.job = { ...job, id, timer }
  slot.worker.postMessage({ ...job.work, id } as FileThreadRequest, job.transfer)
}

function dispatch(): void {
  while (waiting.length > 0) {
    const free = [...slots].find((slot) => slot.job === null)
    if (free) run(free, waiting.shift()!)
    else if (slots.size < settings.threads) run(openSlot(), waiting.shift()!)
    else return
  }
}

function inThread(work: Work, transfer: ArrayBuffer[], pages = 1): Promise<FileThreadAnswer['result']> {
  return new Promise((resolve, reject) => {
    waiting.push({ work, transfer, pages, resolve, reject })
    dispatch()
  })
}

/** The buffers to hand over with a file: none for a path, which the thread reads itself. */
const handed = (file: ThreadFile): ArrayBuffer[] => (typeof file === 'string' ? [] : ownBuffers([file]))

/**
 * Draws a page of a file (its bytes, or its path: the thread reads it, and an absent file rejects with code ENOENT)
 * in a file thread; requests wait for a free thread. Bytes go over as a copy, so the caller keeps using them (the
 * document editor draws several pages of one file), unless `handOver`: then their buffer is moved to the thread
 * without a copy and is empty here afterwards.
 */
export async function drawPageInThread(file: ThreadFile, mime: string, page: number, maxWidth: number, handOver = false): Promise<PageImage | null> {
  return (await inThread({ task: 'draw', file, mime, page, maxWidth }, handOver ? handed(file) : [])) as PageImage | null
}

/** Inspects an upload (kind by content, page count, limits) in a file thread: bytes are handed over, not copied; a path the thread reads. */
export async function inspectInThread(file: ThreadFile, limits: IntakeLimits): Promise<InspectionAnswer> {
  return (await inThread({ task: 'inspect', file, limits }, handed(file))) as InspectionAnswer
}

/**
 * The document editor's parts as PDFs (buildPartPdf), all in one file thread; each upload's bytes are handed over,
 * not copied (a scan batch can be hundreds of megabytes), so the caller must not use them afterwards. A page that
 * cannot be taken over rejects with PageBuildError naming it.
 */
export async function buildPartPdfsInThread(parts: BatchPage[][], sources: ReadonlyMap<number, SourceFile>): Promise<Uint8Array[]> {
  const pages = parts.reduce((sum, part) => sum + part.length, 0)
  const transfer = ownBuffers([...sources.values()].map((source) => source.bytes))
  const answer = (await inThread({ task: 'buildParts', parts, sources: [...sources] }, transfer, pages)) as PartsAnswer
  if ('failed' in answer) throw new PageBuildError(answer.failed.page, answer.failed.message)
  return answer.pdfs
}

/** How many file threads are running now. */
export function fileThreadCount(): number {
  return slots.size
}

/** Ends every thread (server close); requests still waiting or running are refused. */
export async function closeFileThreads(): Promise<void> {
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
