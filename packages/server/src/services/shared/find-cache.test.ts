import { describe, expect, it } from 'vitest'
import { FindCache } from './find-cache'

describe('FindCache', () => {
  it('answers repeated and concurrent finds from one load until the company is invalidated', async () => {
    const cache = new FindCache<number>(60_000)
    let loads = 0
    const load = async () => ++loads
    const [a, b] = await Promise.all([cache.get(1, { q: 'x' }, load), cache.get(1, { q: 'x' }, load)])
    expect([a, b, loads]).toEqual([1, 1, 1])
    expect(await cache.get(2, { q: 'x' }, load)).toBe(2)
    cache.invalidate(1)
    expect(await cache.get(1, { q: 'x' }, load)).toBe(3)
    expect(await cache.get(2, { q: 'x' }, load)).toBe(2)
  })

  it('expires answers and never keeps a failed load', async () => {
    const cache = new FindCache<string>(0)
    let n = 0
    expect(await cache.get(1, {}, async () => `v${++n}`)).toBe('v1')
    expect(await cache.get(1, {}, async () => `v${++n}`)).toBe('v2')
    const failing = new FindCache<string>(60_000)
    await expect(failing.get(1, {}, async () => Promise.reject(new Error('db down')))).rejects.toThrow('db down')
    expect(await failing.get(1, {}, async () => 'ok')).toBe('ok')
  })
})
