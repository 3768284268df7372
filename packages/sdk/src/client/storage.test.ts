import { describe, expect, it } from 'vitest'
import { createWebStorage, type WebStorageLike } from './storage'

function fakeLocalStorage(): WebStorageLike & { values: Map<string, string> } {
  const values = new Map<string, string>()
  return {
    values,
    getItem: (key) => values.get(key) ?? null,
    setItem: (key, value) => void values.set(key, value),
    removeItem: (key) => void values.delete(key),
  }
}

describe('createWebStorage', () => {
  it('keeps the token in localStorage', async () => {
    const local = fakeLocalStorage()
    const storage = createWebStorage(() => local)
    await storage.set('feathers-jwt', 'token')
    expect(local.values.get('feathers-jwt')).toBe('token')
    expect(await storage.get('feathers-jwt')).toBe('token')
    await storage.remove('feathers-jwt')
    expect(await storage.get('feathers-jwt')).toBeNull()
  })

  it('falls back to memory when localStorage is missing or refuses writes', async () => {
    const missing = createWebStorage(() => undefined)
    await missing.set('k', 'v')
    expect(await missing.get('k')).toBe('v')
    const refusing = createWebStorage(() => ({
      getItem: () => null,
      setItem: () => {
        throw new Error('QuotaExceededError')
      },
      removeItem: () => undefined,
    }))
    await refusing.set('k', 'v')
    expect(await refusing.get('k')).toBe('v')
  })
})
