import { Worker } from 'node:worker_threads'
import type { PgliteAnswer, PgliteAsk, PgliteFailure, PgliteThreadData } from './protocol'

/** The embedded database in its own thread, with the three members knex-pglite uses of a PGlite instance. */
export interface PgliteThread {
  waitReady: Promise<void>
  query(sql: string, params?: unknown[], options?: Record<string, unknown>): Promise<unknown>
  /** The data dir as a gzipped tar (PGlite's dumpDataDir), taken between two queries: a consistent backup. */
  dump(): Promise<Uint8Array>
  close(): Promise<void>
}

/** Rebuilds a database error on this side: an Error with its message and fields (code, detail, constraint, …). */
function errorOf(failure: PgliteFailure): Error {
  return Object.assign(new Error(failure.message), failure.fields)
}

/** The thread's entry: the bundled worker beside the built server, else the sources through tsx. */
function startThread(data: PgliteThreadData): Worker {
  // A thread refuses --input-type (a process started with -e passes it on).
  const execArgv = process.execArgv.filter((arg) => !arg.startsWith('--input-type'))
  if (import.meta.url.endsWith('.ts')) {
    const entry = new URL('./worker.ts', import.meta.url).href
    return new Worker(new URL('../../extraction/thread/bootstrap.mjs', import.meta.url), { workerData: { ...data, entry }, execArgv })
  }
  return new Worker(new URL('./pglite-worker.mjs', import.meta.url), { workerData: data, execArgv })
}

/** Opens the PGlite database at filename in a new thread. */
export function openPgliteThread(filename: string): PgliteThread {
  const worker = startThread({ filename })
  worker.unref()
  const pending = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>()
  let nextId = 1
  let ended: Error | null = null
  let markReady: { resolve(): void; reject(error: Error): void } | null = null
  const waitReady = new Promise<void>((resolve, reject) => {
    markReady = { resolve, reject }
  })
  // A database that fails to open rejects every query too; waitReady's own rejection must not go unhandled.
  waitReady.catch(() => undefined)

  const endAll = (error: Error) => {
    ended ??= error
    markReady?.reject(error)
    for (const { reject } of pending.values()) reject(error)
    pending.clear()
  }
  worker.on('message', (answer: PgliteAnswer) => {
    if (answer.id === 0) {
      if ('failure' in answer) endAll(errorOf(answer.failure))
      else markReady?.resolve()
      return
    }
    const waiting = pending.get(answer.id)
    pending.delete(answer.id)
    if (pending.size === 0) worker.unref()
    if ('failure' in answer) waiting?.reject(errorOf(answer.failure))
    else waiting?.resolve(answer.result)
  })
  worker.on('error', (error) => endAll(error))
  worker.on('exit', (code) => endAll(new Error(`The database thread ended (exit code ${code})`)))

  const ask = (request: PgliteAsk): Promise<unknown> => {
    if (ended) return Promise.reject(ended)
    const id = nextId++
    // Like a database on this thread, an idle one does not keep the process alive; one with a query under way does.
    if (pending.size === 0) worker.ref()
    return new Promise((resolve, reject) => {
      pending.set(id, { resolve, reject })
      worker.postMessage({ ...request, id })
    })
  }
  return {
    waitReady,
    query: (sql, params, options) => ask({ kind: 'query', sql, params, options }),
    dump: () => ask({ kind: 'dump' }) as Promise<Uint8Array>,
    close: async () => {
      if (!ended) await ask({ kind: 'close' }).catch(() => undefined)
      await worker.terminate()
    },
  }
}
