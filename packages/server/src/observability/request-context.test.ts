import { randomBytes } from 'node:crypto'
import { describe, expect, it, vi } from 'vitest'

vi.mock('node:crypto', async (original) => {
  const crypto = await original<typeof import('node:crypto')>()
  return { ...crypto, randomBytes: vi.fn(crypto.randomBytes) }
})

const { newRequestId } = await import('./request-context')

describe('newRequestId', () => {
  it('answers a new 16-hex-digit id for every call without asking the random source each time', () => {
    vi.mocked(randomBytes).mockClear()
    const ids = Array.from({ length: 10_000 }, () => newRequestId())
    expect(ids.every((id) => /^[0-9a-f]{16}$/.test(id))).toBe(true)
    expect(new Set(ids).size).toBe(ids.length)
    // One draw of random bytes serves many ids: a draw per id cost a socket call of the platform bench ~6 % of its time.
    expect(vi.mocked(randomBytes).mock.calls.length).toBeLessThanOrEqual(Math.ceil(ids.length / 128) + 1)
  })
})
