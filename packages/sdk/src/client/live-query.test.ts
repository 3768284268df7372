import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createLiveQuery, type LiveEmitter, type LiveQueryState, type ReconnectSource } from './live-query'

interface Doc {
  id: number
  company_no: number
  created_at: string
  deleted_at?: string | null
  state?: string
}

/** A stand-in for a Feathers client service: find answers what the test hands it, events are emitted by hand. */
function fakeService<Q>(answers: unknown[] = []) {
  const listeners = new Map<string, Set<(record: unknown) => void>>()
  const calls: Q[] = []
  const waiting: { resolve: (value: unknown) => void; reject: (error: unknown) => void }[] = []
  return {
    calls,
    /** Answers the oldest find still waiting. */
    answer(value: unknown) {
      waiting.shift()?.resolve(value)
    },
    fail(error: unknown) {
      waiting.shift()?.reject(error)
    },
    emit(event: string, record: unknown) {
      for (const listener of listeners.get(event) ?? []) listener(record)
    },
    listenerCount: () => [...listeners.values()].reduce((n, set) => n + set.size, 0),
    find({ query }: { query: Q }) {
      calls.push(query)
      if (answers.length > 0) return Promise.resolve(answers.shift())
      return new Promise((resolve, reject) => waiting.push({ resolve, reject }))
    },
    on(event: string, listener: (record: unknown) => void) {
      if (!listeners.has(event)) listeners.set(event, new Set())
      listeners.get(event)!.add(listener)
    },
    off(event: string, listener: (record: unknown) => void) {
      listeners.get(event)?.delete(listener)
    },
  } satisfies LiveEmitter & Record<string, unknown>
}

function fakeSocket() {
  const listeners = new Set<() => void>()
  const socket: ReconnectSource & { reconnect(): void; size(): number } = {
    on: (_event, listener) => listeners.add(listener),
    off: (_event, listener) => listeners.delete(listener),
    reconnect: () => listeners.forEach((listener) => listener()),
    size: () => listeners.size,
  }
  return socket
}

const doc = (id: number, extra: Partial<Doc> = {}): Doc => ({
  id,
  company_no: 1,
  created_at: `2026-01-${String(id).padStart(2, '0')}T00:00:00.000Z`,
  ...extra,
})
const newestFirst = (a: Doc, b: Doc) => b.created_at.localeCompare(a.created_at) || b.id - a.id
const ids = (state: LiveQueryState<Doc>) => state.items.map((d) => d.id)
const flush = () => new Promise<void>((resolve) => setImmediate(resolve))

describe('createLiveQuery, merge mode (lists)', () => {
  it('loads the first page, then merges created and patched records by id and drops removed ones, in order', async () => {
    const service = fakeService<{ client_no: number }>()
    const live = createLiveQuery<Doc, { client_no: number }>(service, { client_no: 1 }, { sort: newestFirst })
    const seen: LiveQueryState<Doc>[] = []
    live.subscribe((state) => seen.push(state))
    expect(seen[0]).toMatchObject({ items: [], loading: true, error: null })
    expect(service.calls).toEqual([{ client_no: 1 }])

    service.answer({ total: 2, data: [doc(1), doc(2)] })
    await flush()
    expect(live.getState()).toMatchObject({ loading: false, total: 2 })
    expect(ids(live.getState())).toEqual([2, 1])

    service.emit('created', doc(3))
    expect(ids(live.getState())).toEqual([3, 2, 1])
    expect(live.getState().total).toBe(3)
    service.emit('patched', doc(1, { state: 'done' }))
    expect(live.getState().items.find((d) => d.id === 1)?.state).toBe('done')
    expect(live.getState().total).toBe(3)
    service.emit('removed', doc(2))
    expect(ids(live.getState())).toEqual([3, 1])
    expect(live.getState().total).toBe(2)
  })

  it('drops a record whose patch marks it deleted, and ignores records of other companies', async () => {
    const service = fakeService([{ total: 1, data: [doc(1)] }])
    const live = createLiveQuery<Doc>(service, {}, { belongsTo: (d) => d.company_no === 1, sort: newestFirst })
    live.subscribe(() => {})
    await flush()
    service.emit('created', doc(5, { company_no: 2 }))
    expect(ids(live.getState())).toEqual([1])
    service.emit('patched', doc(1, { deleted_at: '2026-02-01T00:00:00.000Z' }))
    expect(ids(live.getState())).toEqual([])
    expect(live.getState().total).toBe(0)
  })

  it('applies events that arrive before the first page on top of it, not losing them', async () => {
    const service = fakeService()
    const live = createLiveQuery<Doc>(service, {}, { sort: newestFirst })
    live.subscribe(() => {})
    service.emit('created', doc(3))
    service.emit('patched', doc(1, { state: 'done' }))
    service.emit('removed', doc(2))
    expect(live.getState().loading).toBe(true)
    // The page was read before the events happened: it has 1 and 2 but not 3, and 1 still unprocessed.
    service.answer({ total: 2, data: [doc(1), doc(2)] })
    await flush()
    expect(ids(live.getState())).toEqual([3, 1])
    expect(live.getState().items.find((d) => d.id === 1)?.state).toBe('done')
    expect(live.getState().total).toBe(2)
  })

  it('reads the page again after a reconnect (events may have been missed), keeping events of meanwhile', async () => {
    vi.useFakeTimers()
    try {
      const service = fakeService()
      const socket = fakeSocket()
      const live = createLiveQuery<Doc>(service, {}, { sort: newestFirst, reconnects: socket })
      live.subscribe(() => {})
      service.answer({ total: 1, data: [doc(1)] })
      await vi.advanceTimersByTimeAsync(0)
      socket.reconnect()
      await vi.advanceTimersByTimeAsync(150)
      expect(service.calls).toHaveLength(2)
      service.emit('created', doc(4))
      // The missed record 2 comes with the new page; 4 arrived while it was on its way.
      service.answer({ total: 2, data: [doc(1), doc(2)] })
      await vi.advanceTimersByTimeAsync(0)
      expect(ids(live.getState())).toEqual([4, 2, 1])
    } finally {
      vi.useRealTimers()
    }
  })

  it('merge() applies a record from the caller’s own call at once', async () => {
    const service = fakeService([{ total: 1, data: [doc(1, { state: 'failed' })] }])
    const live = createLiveQuery<Doc>(service, {})
    live.subscribe(() => {})
    await flush()
    live.merge(doc(1, { state: 'queued' }))
    expect(live.getState().items).toEqual([doc(1, { state: 'queued' })])
  })

  it('keeps the error of a failed find and leaves loading', async () => {
    const service = fakeService()
    const live = createLiveQuery<Doc>(service, {})
    live.subscribe(() => {})
    const error = new Error('forbidden')
    service.fail(error)
    await flush()
    expect(live.getState()).toMatchObject({ loading: false, error, items: [] })
  })
})

describe('createLiveQuery, refetch mode (counts)', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  it('runs the find again once after a burst of events, only for records that belong', async () => {
    const service = fakeService<{ type: string }>()
    const live = createLiveQuery<Doc, { type: string }>(service, { type: 'count' }, {
      mode: 'refetch',
      belongsTo: (d) => d.company_no === 1,
      debounceMs: 150,
    })
    const totals: number[] = []
    live.subscribe((state) => !state.loading && totals.push(state.total))
    service.answer({ total: 4, data: [] })
    await vi.advanceTimersByTimeAsync(0)
    expect(totals).toEqual([4])

    service.emit('created', doc(9, { company_no: 2 }))
    await vi.advanceTimersByTimeAsync(500)
    expect(service.calls).toHaveLength(1)

    for (let id = 10; id < 20; id++) service.emit('patched', doc(id))
    await vi.advanceTimersByTimeAsync(149)
    expect(service.calls).toHaveLength(1)
    await vi.advanceTimersByTimeAsync(1)
    expect(service.calls).toHaveLength(2)
    service.answer({ total: 5, data: [] })
    await vi.advanceTimersByTimeAsync(0)
    expect(totals).toEqual([4, 5])
  })

  it('listens to further services, refetches on demand and after a reconnect', async () => {
    const service = fakeService([{ total: 1, data: [] }, { total: 2, data: [] }, { total: 3, data: [] }, { total: 4, data: [] }])
    const documents = fakeService()
    const socket = fakeSocket()
    const live = createLiveQuery<Doc>(service, {}, { mode: 'refetch', watch: [documents], reconnects: socket })
    live.subscribe(() => {})
    await vi.advanceTimersByTimeAsync(0)
    documents.emit('removed', doc(1))
    await vi.advanceTimersByTimeAsync(150)
    expect(live.getState().total).toBe(2)
    live.refetch()
    await vi.advanceTimersByTimeAsync(150)
    expect(live.getState().total).toBe(3)
    socket.reconnect()
    await vi.advanceTimersByTimeAsync(150)
    expect(live.getState().total).toBe(4)
  })

  it('an older, slower answer never overwrites a newer one', async () => {
    const service = fakeService()
    const live = createLiveQuery<Doc>(service, {}, { mode: 'refetch' })
    live.subscribe(() => {})
    service.emit('created', doc(1))
    await vi.advanceTimersByTimeAsync(150)
    expect(service.calls).toHaveLength(2)
    // The first find answers last with the older count.
    service.answer({ total: 1, data: [] })
    await vi.advanceTimersByTimeAsync(0)
    expect(live.getState().loading).toBe(true)
    service.answer({ total: 2, data: [] })
    await vi.advanceTimersByTimeAsync(0)
    expect(live.getState()).toMatchObject({ loading: false, total: 2 })
  })
})

describe('createLiveQuery, subscriptions', () => {
  it('starts with the first subscriber and lets go of every listener and timer after the last', async () => {
    vi.useFakeTimers()
    try {
      const service = fakeService([{ total: 0, data: [] }])
      const documents = fakeService()
      const socket = fakeSocket()
      const live = createLiveQuery<Doc>(service, {}, { mode: 'refetch', watch: [documents], reconnects: socket })
      expect(service.calls).toHaveLength(0)
      const first = live.subscribe(() => {})
      const second = live.subscribe(() => {})
      expect(service.calls).toHaveLength(1)
      await vi.advanceTimersByTimeAsync(0)
      documents.emit('created', doc(1))
      first()
      second()
      second()
      expect(service.listenerCount() + documents.listenerCount() + socket.size()).toBe(0)
      await vi.advanceTimersByTimeAsync(1000)
      expect(service.calls).toHaveLength(1)
    } finally {
      vi.useRealTimers()
    }
  })

  it('uses the timers it is given', async () => {
    const scheduled: (() => void)[] = []
    const timers = { setTimeout: (fn: () => void) => scheduled.push(fn), clearTimeout: () => {} }
    const service = fakeService([{ total: 0, data: [] }, { total: 1, data: [] }])
    const live = createLiveQuery<Doc>(service, {}, { mode: 'refetch', timers })
    live.subscribe(() => {})
    await flush()
    live.refetch()
    expect(service.calls).toHaveLength(1)
    scheduled.at(-1)!()
    await flush()
    expect(live.getState().total).toBe(1)
  })
})
