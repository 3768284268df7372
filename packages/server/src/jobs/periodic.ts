import type { Application } from '../declarations'

/**
 * Runs `work` now and every `intervalMs` (one run after the other, never two at once) until the returned stop is
 * called; a failed run is logged with `failure` and the next one tries again. The timer does not hold the process.
 */
export function runPeriodically(app: Application, props: { intervalMs: number; work: () => Promise<unknown>; failure: string }): () => void {
  let running: Promise<unknown> = Promise.resolve()
  const run = () => {
    running = running.then(props.work).catch((error: unknown) => app.get('logger').error({ err: error }, props.failure))
  }
  const timer = setInterval(run, props.intervalMs)
  timer.unref()
  run()
  return () => clearInterval(timer)
}

/** Starts a periodic job once the app is set up (it listens) and stops it when the app is torn down. */
export function whileServing(app: Application, start: () => () => void): void {
  let stop: (() => void) | undefined
  app.hooks({
    setup: [
      async (_context: unknown, next: () => Promise<void>) => {
        await next()
        stop = start()
      },
    ],
    teardown: [
      async (_context: unknown, next: () => Promise<void>) => {
        stop?.()
        await next()
      },
    ],
  })
}
