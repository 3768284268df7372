import { PGlite } from '@electric-sql/pglite'
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { parentPort, workerData } from 'node:worker_threads'
import type { PgliteAnswer, PgliteFailure, PgliteRequest, PgliteThreadData } from './protocol'

// The embedded database runs here, so its queries (WebAssembly, synchronous while they run) never hold the server's
// event loop. PGlite is one connection: requests are answered one after the other, in the order they came.

/** An error with the fields a caller may test (code '23505', constraint, …), as plain data that can be posted. */
export function failureOf(error: unknown): PgliteFailure {
  if (!(error instanceof Error)) return { message: String(error), fields: {} }
  const fields: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(error)) {
    if (key === 'queryOptions' || typeof value === 'function') continue
    if (value === undefined || typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') fields[key] = value
  }
  return { message: error.message, fields }
}

const { filename } = workerData as PgliteThreadData
const port = parentPort!
const post = (answer: PgliteAnswer) => port.postMessage(answer)

const database = new PGlite(filename)
database.waitReady.then(
  () => post({ id: 0, result: null }),
  (error: unknown) => post({ id: 0, failure: failureOf(error) }),
)

// Every answer leaves its rows behind as garbage in this thread's heap, which nothing else collects (a full
// collection of the server's heap does not reach a thread's). Idle for a moment, the thread collects it itself, so the
// memory a busy stretch took goes back. gc is made reachable the way Jest does it for its leak detection.
setFlagsFromString('--expose-gc')
const collectGarbage = runInNewContext('gc') as () => void
const IDLE_COLLECT_MS = 2_000
let waiting = 0
let idleTimer: NodeJS.Timeout | null = null
const settle = () => {
  if (idleTimer) clearTimeout(idleTimer)
  idleTimer = waiting === 0 ? setTimeout(collectGarbage, IDLE_COLLECT_MS) : null
}

let queue: Promise<void> = database.waitReady.then(
  () => undefined,
  () => undefined,
)
port.on('message', (request: PgliteRequest) => {
  waiting += 1
  settle()
  queue = queue.then(async () => {
    try {
      if (request.kind === 'close') {
        await database.close()
        post({ id: request.id, result: null })
        port.close()
        return
      }
      post({ id: request.id, result: await database.query(request.sql, request.params, request.options) })
    } catch (error) {
      post({ id: request.id, failure: failureOf(error) })
    } finally {
      waiting -= 1
      settle()
    }
  })
})
