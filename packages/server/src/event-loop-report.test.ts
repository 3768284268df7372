import { describe, expect, it } from 'vitest'
import { EVENT_LOOP_REPORT_PREFIX, reportEventLoopDelayOnSignal, type EventLoopDelayReport } from './event-loop-report'

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

describe.skipIf(process.platform === 'win32')('event-loop delay reported on SIGUSR2', () => {
  it('reports, from the second signal on, how long the main thread was blocked since the previous one', async () => {
    const lines: string[] = []
    reportEventLoopDelayOnSignal((line) => lines.push(line))
    const report = async () => {
      const before = lines.length
      process.kill(process.pid, 'SIGUSR2')
      await expect.poll(() => lines.length).toBe(before + 1)
      const line = lines.at(-1)!
      expect(line.startsWith(EVENT_LOOP_REPORT_PREFIX)).toBe(true)
      return JSON.parse(line.slice(EVENT_LOOP_REPORT_PREFIX.length)) as EventLoopDelayReport
    }
    await report() // starts the watch
    await pause(100)
    const blockedFrom = performance.now()
    while (performance.now() - blockedFrom < 200) {
      // the main thread is busy: no timer, no I/O runs meanwhile
    }
    await pause(100)
    const blocked = await report()
    expect(blocked.max).toBeGreaterThanOrEqual(150)
    expect(blocked.samples).toBeGreaterThan(5)
    // Each report starts afresh: the block is not counted again.
    await pause(200)
    expect((await report()).max).toBeLessThan(150)
  }, 30_000)
})
