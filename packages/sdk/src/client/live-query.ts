import { systemTimers, type Timers, type TimerHandle } from '../state/timers'

/** Service events that can change what a find answers (Feathers' standard events). */
export const LIVE_EVENTS = ['created', 'updated', 'patched', 'removed'] as const

/** One of LIVE_EVENTS. */
export type LiveEvent = (typeof LIVE_EVENTS)[number]

/** Something that emits service events: a Feathers client service (`client.service(path)`). */
export interface LiveEmitter {
  on(event: string, listener: (record: unknown) => void): unknown
  off(event: string, listener: (record: unknown) => void): unknown
}

/** A service a live query runs its find against and listens to. */
export interface LiveService<Q> extends LiveEmitter {
  find(params: { query: Q }): Promise<unknown>
}

/** The socket.io manager (`client.socket.io`): after a reconnect events may have been missed. */
export interface ReconnectSource {
  on(event: 'reconnect', listener: () => void): unknown
  off(event: 'reconnect', listener: () => void): unknown
}

/** What a live query holds: the records, the find's total, whether the first answer is pending, the last error. */
export interface LiveQueryState<T> {
  items: readonly T[]
  total: number
  loading: boolean
  error: unknown
}

/** Options of createLiveQuery. */
export interface LiveQueryOptions<T> {
  /** Whether a record belongs to this list (e.g. `record.company_no === companyNo`); others are ignored. */
  belongsTo?: (record: T) => boolean
  /** Order of the items; kept after every merge. */
  sort?: (a: T, b: T) => number
  /** Soft-deleted records leave the list (default: a set `deleted_at`). */
  isDeleted?: (record: T) => boolean
  /** The id records are merged by (default `record.id`). */
  idOf?: (record: T) => unknown
  /**
   * 'merge' (default) applies each event to the items; 'refetch' runs the find again instead, for answers
   * an event cannot be merged into (counts, where a patched record may leave or enter the filtered set).
   */
  mode?: 'merge' | 'refetch'
  /** A burst of events (a batch upload) causes one refetch after this quiet time; default 150 ms. */
  debounceMs?: number
  /** Further services whose events may change the answer (e.g. the documents behind a count). */
  watch?: readonly LiveEmitter[]
  /** The socket manager: the find runs again after a reconnect, since events may have been missed. */
  reconnects?: ReconnectSource
  /** One-shot timers; the platform's by default, fakes in tests. */
  timers?: Timers
}

/** A find kept current by service events; starts with the first subscriber, stops after the last leaves. */
export interface LiveQuery<T> {
  /** The current state. */
  getState(): LiveQueryState<T>
  /** Calls `listener` with every new state (and at once with the current one); answers the unsubscribe. */
  subscribe(listener: (state: LiveQueryState<T>) => void): () => void
  /** Runs the find again after the debounce time (e.g. when a window regains focus). */
  refetch(): void
  /** Applies a record the caller received from its own call (as its `patched` event would), before the event arrives. */
  merge(record: T): void
}

interface Answer<T> {
  items: T[]
  total: number
}

/** Reads a find answer: a page ({total, data}) or a plain list. */
function readAnswer<T>(answer: unknown): Answer<T> {
  if (Array.isArray(answer)) return { items: answer as T[], total: answer.length }
  const page = answer as { total?: unknown; data?: unknown }
  const items = Array.isArray(page?.data) ? (page.data as T[]) : []
  return { items, total: typeof page?.total === 'number' ? page.total : items.length }
}

const defaultId = (record: unknown) => (record as { id?: unknown } | null)?.id
const defaultDeleted = (record: unknown) => Boolean((record as { deleted_at?: unknown } | null)?.deleted_at)

/**
 * Runs `find` on `service` and keeps the answer current from the service's created, updated, patched and
 * removed events (SPEC §7's realtime API), so lists and counts never poll. Events that arrive while a find
 * is on its way are applied on top of its answer, not lost.
 */
export function createLiveQuery<T, Q = unknown>(service: LiveService<Q>, query: Q, options: LiveQueryOptions<T> = {}): LiveQuery<T> {
  const timers = options.timers ?? systemTimers
  const mode = options.mode ?? 'merge'
  const debounceMs = options.debounceMs ?? 150
  const idOf = (options.idOf ?? defaultId) as (record: T) => unknown
  const isDeleted = (options.isDeleted ?? defaultDeleted) as (record: T) => boolean
  const belongsTo = options.belongsTo ?? (() => true)
  const emitters: LiveEmitter[] = [service, ...(options.watch ?? [])]

  const listeners = new Set<(state: LiveQueryState<T>) => void>()
  let state: LiveQueryState<T> = { items: [], total: 0, loading: true, error: null }
  let running = false
  let timer: TimerHandle | undefined
  // Each find gets a number; only the newest one's answer counts, so a slow old answer never wins.
  let generation = 0
  // Events seen while the newest find is on its way, replayed on top of its answer (merge mode).
  let pending: { event: LiveEvent; record: T }[] | null = null

  const publish = (next: LiveQueryState<T>) => {
    state = next
    for (const listener of [...listeners]) listener(state)
  }

  const sorted = (items: T[]) => (options.sort ? items.sort(options.sort) : items)

  /** The items after one event: merged by id, dropped when removed, deleted or no longer belonging. */
  const applied = (current: { items: readonly T[]; total: number }, event: LiveEvent, record: T) => {
    const id = idOf(record)
    const rest = current.items.filter((item) => idOf(item) !== id)
    const had = rest.length !== current.items.length
    const keep = event !== 'removed' && belongsTo(record) && !isDeleted(record)
    const total = current.total + (keep && !had ? 1 : 0) - (!keep && had ? 1 : 0)
    return { items: keep ? sorted([...rest, record]) : rest, total: Math.max(total, 0) }
  }

  const fetch = () => {
    const mine = ++generation
    if (mode === 'merge') pending = []
    service.find({ query }).then(
      (answer) => {
        if (!running || mine !== generation) return
        let next = readAnswer<T>(answer)
        if (mode === 'merge') {
          next = { items: sorted(next.items.slice()), total: next.total }
          for (const { event, record } of pending ?? []) next = applied(next, event, record)
          pending = null
        }
        publish({ items: next.items, total: next.total, loading: false, error: null })
      },
      (error: unknown) => {
        if (!running || mine !== generation) return
        pending = null
        publish({ ...state, loading: false, error })
      },
    )
  }

  const schedule = () => {
    timers.clearTimeout(timer)
    timer = timers.setTimeout(() => {
      timer = undefined
      if (running) fetch()
    }, debounceMs)
  }

  const onEvent = (event: LiveEvent) => (raw: unknown) => {
    const record = raw as T
    if (mode === 'refetch') {
      // A record that left the set matters as much as one that entered it, but foreign ones never do.
      if (belongsTo(record)) schedule()
      return
    }
    if (pending) pending.push({ event, record })
    // Until the first answer there is nothing to merge into; the replay does it.
    if (state.loading) return
    const next = applied(state, event, record)
    publish({ ...state, items: next.items, total: next.total })
  }
  const handlers = LIVE_EVENTS.map((event) => [event, onEvent(event)] as const)
  const patched = onEvent('patched')
  // Events of the other watched services only say "the answer may have changed".
  const onWatched = (raw: unknown) => {
    if (belongsTo(raw as T)) schedule()
  }

  const start = () => {
    running = true
    state = { items: [], total: 0, loading: true, error: null }
    for (const [event, handler] of handlers) service.on(event, handler)
    for (const emitter of emitters.slice(1)) for (const event of LIVE_EVENTS) emitter.on(event, onWatched)
    options.reconnects?.on('reconnect', schedule)
    fetch()
  }

  const stop = () => {
    running = false
    generation++
    pending = null
    timers.clearTimeout(timer)
    timer = undefined
    for (const [event, handler] of handlers) service.off(event, handler)
    for (const emitter of emitters.slice(1)) for (const event of LIVE_EVENTS) emitter.off(event, onWatched)
    options.reconnects?.off('reconnect', schedule)
  }

  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener)
      if (!running) start()
      listener(state)
      return () => {
        if (!listeners.delete(listener)) return
        if (listeners.size === 0) stop()
      }
    },
    refetch: () => {
      if (running) schedule()
    },
    merge: (record) => {
      // The same path as its event, so a find on its way does not lose it.
      if (running) patched(record)
    },
  }
}
