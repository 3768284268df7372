/** Handle of a scheduled callback, whatever the platform returns. */
export type TimerHandle = unknown

/** One-shot timers, passed in so state logic runs the same in browsers, Node and tests. */
export interface Timers {
  setTimeout(callback: () => void, ms: number): TimerHandle
  clearTimeout(handle: TimerHandle): void
}

/** Repeating timers, passed in for the same reason as Timers. */
export interface IntervalTimers {
  setInterval(callback: () => void, ms: number): TimerHandle
  clearInterval(handle: TimerHandle): void
}

/** The platform's own timers (globalThis), for production wiring. */
export const systemTimers: Timers & IntervalTimers = {
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as Parameters<typeof globalThis.clearTimeout>[0]),
  setInterval: (callback, ms) => globalThis.setInterval(callback, ms),
  clearInterval: (handle) => globalThis.clearInterval(handle as Parameters<typeof globalThis.clearInterval>[0]),
}
