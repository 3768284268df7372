import { PGlite } from '@electric-sql/pglite'
import { getHeapStatistics, setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { parentPort, workerData } from 'node:worker_threads'
import type { PgliteAnswer, PgliteFailure, PgliteRequest, PgliteThreadData } from './protocol'

// The embedded database runs here, so its queries (WebAssembly, synchronous while they run) never hold the server's
// event loop. PGlite is one connection: requests are answered one after the other, in the order they came.

/** An error with the fields a caller may test (code '23505', constraint, …), as plain data that can be posted. */
function failureOf(error: unknown): PgliteFailure {
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
// collection of the server's heap does not reach a thread's), and V8 lets a thread's heap grow by hundreds of MB
// before it collects on its own. So the thread collects itself: as soon as its heap has grown by 16 MB since the
// last collection, even in a busy stretch, else after a short pause in the requests (the job poller asks every
// second, so no long idle comes). gc is made reachable the way Jest does it for its leak detection.
setFlagsFromString('--expose-gc')
const collectGarbage = runInNewContext('gc') as () => void
const GROWTH_BYTES = 16 * 1024 * 1024
const SMALL_GROWTH_BYTES = 2 * 1024 * 1024
const PAUSE_MS = 500
const heapUsed = () => getHeapStatistics().used_heap_size
let collectedAt = heapUsed()
let waiting = 0
let pauseTimer: NodeJS.Timeout | null = null
const collect = () => {
  pauseTimer = null
  collectGarbage()
  collectedAt = heapUsed()
}
const settle = () => {
  if (pauseTimer) clearTimeout(pauseTimer)
  pauseTimer = null
  // A collection of this small heap takes milliseconds in this thread; the server's loop never waits on it.
  const grown = heapUsed() - collectedAt
  if (grown > GROWTH_BYTES) collect()
  else if (waiting === 0 && grown > SMALL_GROWTH_BYTES) pauseTimer = setTimeout(collect, PAUSE_MS)
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
      if (request.kind === 'dump') {
        // Between two queries of the one connection: the data dir as of the last committed transaction (a backup).
        const file = await database.dumpDataDir('gzip')
        post({ id: request.id, result: new Uint8Array(await file.arrayBuffer()) })
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
