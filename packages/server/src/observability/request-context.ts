import { AsyncLocalStorage } from 'node:async_hooks'
import { randomBytes } from 'node:crypto'

/** What follows one call through its commands and the jobs it queues: the request id every log line carries. */
interface RequestContext {
  requestId: string
}

const storage = new AsyncLocalStorage<RequestContext>()

// Random bytes drawn for 128 ids at once: a draw per call (randomBytes(8), a synchronous call into OpenSSL) was ~6 % of
// a cheap socket call's time and made the 50-client find of the platform bench miss its 20 ms (as randomUUID caches).
const ID_BYTES = 8
const IDS_PER_DRAW = 128
let pool = Buffer.alloc(0)
let next = 0

/** A new request id: 16 random hex digits, nothing about the caller in it. */
export function newRequestId(): string {
  if (next >= pool.length) {
    pool = randomBytes(ID_BYTES * IDS_PER_DRAW)
    next = 0
  }
  next += ID_BYTES
  return pool.toString('hex', next - ID_BYTES, next)
}

/** A request id a proxy or client sent (X-Request-Id) that is safe to log and pass on; otherwise undefined. */
export function acceptedRequestId(raw: string | string[] | undefined): string | undefined {
  const value = Array.isArray(raw) ? raw[0] : raw
  return value && /^[A-Za-z0-9._:-]{1,64}$/.test(value) ? value : undefined
}

/** Runs `work` (and everything it awaits or schedules) under `requestId`. */
export function withRequestId<T>(requestId: string, work: () => T): T {
  return storage.run({ requestId }, work)
}

/** The request id of the call this code runs for, if any. */
export function currentRequestId(): string | undefined {
  return storage.getStore()?.requestId
}
