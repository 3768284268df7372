/** Time and timers as a parameter, so token refresh is tested without waiting. */
export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number
  /** Calls fn every ms milliseconds until cleared. */
  setInterval(fn: () => void, ms: number): unknown
  /** Stops a timer made by setInterval. */
  clearInterval(handle: unknown): void
}

/** The real clock of the platform. */
export const systemClock: Clock = {
  now: () => Date.now(),
  setInterval: (fn, ms) => {
    const handle = setInterval(fn, ms)
    // A CLI must be able to exit while a refresher is still scheduled.
    if (typeof handle === 'object' && handle !== null && 'unref' in handle) handle.unref()
    return handle
  },
  clearInterval: (handle) => clearInterval(handle as ReturnType<typeof setInterval>),
}
