import { monitorEventLoopDelay, type IntervalHistogram } from 'node:perf_hooks'

/** What one report says: the main thread's event-loop delay since the previous report, in ms. */
export interface EventLoopDelayReport {
  p50: number
  p99: number
  max: number
  /** Delay samples taken (one per 10 ms the loop was free to take them). */
  samples: number
}

/** Marks the report's line on stdout, so a bench can find it among others. */
export const EVENT_LOOP_REPORT_PREFIX = 'event-loop-delay '

/** The histogram's figures in ms, then starts it afresh. */
export function takeReport(histogram: IntervalHistogram): EventLoopDelayReport {
  const ms = (ns: number) => Math.round(ns / 1e4) / 100
  const report = { p50: ms(histogram.percentile(50)), p99: ms(histogram.percentile(99)), max: ms(histogram.max), samples: histogram.count }
  histogram.reset()
  return report
}

/**
 * On SIGUSR2 the server writes one line to stdout: EVENT_LOOP_REPORT_PREFIX and, as JSON, its main thread's
 * event-loop delay since the previous SIGUSR2 (the first one starts the watch and reports the empty start). It lets
 * `npm run bench` measure the server itself during a scan batch, from outside, without an endpoint anyone could call;
 * `kill -USR2 <pid>` does the same by hand. Nothing is watched until the first signal.
 */
export function reportEventLoopDelayOnSignal(write: (line: string) => void = (line) => process.stdout.write(line)): void {
  // Windows has no SIGUSR2.
  if (process.platform === 'win32') return
  let histogram: IntervalHistogram | undefined
  process.on('SIGUSR2', () => {
    if (!histogram) {
      histogram = monitorEventLoopDelay({ resolution: 10 })
      histogram.enable()
    }
    write(`${EVENT_LOOP_REPORT_PREFIX}${JSON.stringify(takeReport(histogram))}\n`)
  })
}
