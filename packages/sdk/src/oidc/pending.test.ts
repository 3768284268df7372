import { describe, expect, it } from 'vitest'
import { storageWithFallback, type WebStorageLike } from './pending'

function fakeLocalStorage(): WebStorageLike & { data: Map<string, string> } {
  const data = new Map<string, string>()
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
    removeItem: (key) => void data.delete(key),
  }
}

describe('storageWithFallback', () => {
  it('uses local storage when it works', async () => {
    const local = fakeLocalStorage()
    const storage = storageWithFallback(local)
    await storage.set('a', '1')
    expect(local.data.get('a')).toBe('1')
    expect(await storage.get('a')).toBe('1')
  })

  it('falls back to memory when local storage is missing or refuses writes', async () => {
    const blocked: WebStorageLike = {
      getItem: () => null,
      setItem: () => {
        throw new Error('QuotaExceededError')
      },
      removeItem: () => undefined,
    }
    for (const candidate of [undefined, blocked]) {
      const storage = storageWithFallback(candidate)
      await storage.set('a', '1')
      expect(await storage.get('a')).toBe('1')
      await storage.remove('a')
      expect(await storage.get('a')).toBeNull()
    }
  })
})
