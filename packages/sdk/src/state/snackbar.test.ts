import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { SnackbarQueue } from './snackbar'
import { systemTimers } from './timers'

const message = (text: string) => ({ text, kind: 'error' as const })

describe('SnackbarQueue', () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('shows the first message for 5000 ms', () => {
    const queue = new SnackbarQueue(systemTimers)
    queue.push(message('one'))
    expect(queue.state).toMatchObject({ open: true, timeoutMs: 5000 })
    vi.advanceTimersByTime(4999)
    expect(queue.state.open).toBe(true)
    vi.advanceTimersByTime(1)
    expect(queue.state).toMatchObject({ open: false, messages: [] })
  })

  it('appends messages that arrive while open and grows the time-out by 1000 ms up to 10000 ms', () => {
    const queue = new SnackbarQueue(systemTimers)
    const seen: number[] = []
    queue.subscribe((state) => seen.push(state.messages.length))
    queue.push(message('one'))
    vi.advanceTimersByTime(3000)
    queue.push(message('two'))
    expect(queue.state.messages.map((m) => m.text)).toEqual(['one', 'two'])
    expect(queue.state.timeoutMs).toBe(6000)
    // The countdown restarts with the grown time-out, so "two" stays 6000 ms.
    vi.advanceTimersByTime(5999)
    expect(queue.state.open).toBe(true)
    vi.advanceTimersByTime(1)
    expect(queue.state.open).toBe(false)

    for (let i = 0; i < 8; i += 1) queue.push(message(`m${i}`))
    expect(queue.state.timeoutMs).toBe(10000)
    expect(queue.state.messages).toHaveLength(8)
    expect(seen.at(-1)).toBe(8)
  })

  it('starts over at 5000 ms after closing', () => {
    const queue = new SnackbarQueue(systemTimers)
    queue.push(message('one'))
    queue.push(message('two'))
    queue.close()
    expect(queue.state.open).toBe(false)
    queue.push(message('three'))
    expect(queue.state).toMatchObject({ open: true, timeoutMs: 5000, messages: [message('three')] })
  })
})
