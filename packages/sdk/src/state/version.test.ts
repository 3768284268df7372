import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { CURRENT_VERSION, type FrontendVersion, compareVersions, isOutdated, watchVersion } from './version'
import { systemTimers } from './timers'

const v = (major: number, minor: number, patch: number, distance = 0): FrontendVersion => ({
  semver: { major, minor, patch },
  distance,
})

describe('version comparison', () => {
  it('orders by major, then minor, then patch, then distance', () => {
    expect(isOutdated(v(1, 6, 6), v(2, 0, 0))).toBe(true)
    expect(isOutdated(v(1, 6, 6), v(1, 7, 0))).toBe(true)
    expect(isOutdated(v(1, 6, 6), v(1, 6, 7))).toBe(true)
    expect(isOutdated(v(1, 6, 6, 3), v(1, 6, 6, 4))).toBe(true)
    expect(isOutdated(v(1, 6, 6, 4), v(1, 6, 6, 4))).toBe(false)
    expect(isOutdated(v(2, 0, 0), v(1, 9, 9, 99))).toBe(false)
    expect(isOutdated(v(1, 7, 0), v(1, 6, 9))).toBe(false)
    expect(compareVersions(v(1, 6, 6), CURRENT_VERSION)).toBe(0)
  })
})

describe('watchVersion', () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('checks at once and every minute, and reports a newer server once', async () => {
    const answers = [v(1, 6, 6), v(1, 6, 6), v(1, 6, 7)]
    let calls = 0
    const outdated: FrontendVersion[] = []
    const stop = watchVersion({
      running: CURRENT_VERSION,
      fetchVersion: async () => answers[Math.min(calls++, answers.length - 1)] ?? v(0, 0, 0),
      timers: systemTimers,
      onOutdated: (server) => outdated.push(server),
    })
    await vi.advanceTimersByTimeAsync(0)
    expect(calls).toBe(1)
    await vi.advanceTimersByTimeAsync(60_000)
    expect(outdated).toEqual([])
    await vi.advanceTimersByTimeAsync(60_000)
    expect(outdated).toEqual([v(1, 6, 7)])
    await vi.advanceTimersByTimeAsync(180_000)
    expect(calls).toBe(3)
    stop()
  })

  it('keeps checking after a failed call', async () => {
    const errors: unknown[] = []
    let calls = 0
    const stop = watchVersion({
      running: CURRENT_VERSION,
      fetchVersion: async () => {
        calls += 1
        throw new Error('offline')
      },
      timers: systemTimers,
      onOutdated: () => undefined,
      onError: (error) => errors.push(error),
    })
    await vi.advanceTimersByTimeAsync(120_000)
    expect(calls).toBe(3)
    expect(errors).toHaveLength(3)
    stop()
    await vi.advanceTimersByTimeAsync(120_000)
    expect(calls).toBe(3)
  })
})
