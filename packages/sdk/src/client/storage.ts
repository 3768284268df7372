import type { Storage as FeathersStorage } from '@feathersjs/authentication-client'

/** Where a client keeps its tokens: localStorage in the web, conf in the CLI, memory in tests. */
export interface TokenStorage {
  /** The stored value, or null when there is none. */
  get(key: string): string | null | undefined | Promise<string | null | undefined>
  /** Stores a value under the key. */
  set(key: string, value: string): void | Promise<void>
  /** Forgets the value of the key. */
  remove(key: string): void | Promise<void>
}

/** A token storage that lives as long as the process (or the page) does. */
export function createMemoryStorage(initial: Record<string, string> = {}): TokenStorage {
  const values = new Map(Object.entries(initial))
  return {
    get: (key) => values.get(key) ?? null,
    set: (key, value) => {
      values.set(key, value)
    },
    remove: (key) => {
      values.delete(key)
    },
  }
}

/** The part of the Web Storage API (localStorage) a token storage needs. */
export interface WebStorageLike {
  getItem(key: string): string | null
  setItem(key: string, value: string): void
  removeItem(key: string): void
}

/**
 * Token storage over localStorage, falling back to memory when it is missing or refuses (private mode,
 * quota, disabled storage), as SPEC §4 asks. The web passes `() => window.localStorage`.
 */
export function createWebStorage(getStorage: () => WebStorageLike | undefined): TokenStorage {
  const memory = createMemoryStorage()
  let web: WebStorageLike | undefined
  try {
    web = getStorage()
    // Some browsers expose localStorage but throw on the first write.
    const probe = '__portal_probe__'
    web?.setItem(probe, probe)
    web?.removeItem(probe)
  } catch {
    web = undefined
  }
  if (!web) return memory
  const store = web
  return {
    get: (key) => {
      try {
        return store.getItem(key) ?? memory.get(key)
      } catch {
        return memory.get(key)
      }
    },
    set: (key, value) => {
      try {
        store.setItem(key, value)
      } catch {
        return memory.set(key, value)
      }
    },
    remove: (key) => {
      try {
        store.removeItem(key)
      } catch {
        // nothing stored there then
      }
      return memory.remove(key)
    },
  }
}

/** Adapts our storage to the getItem/setItem/removeItem shape authentication-client expects. */
export function toFeathersStorage(storage: TokenStorage): FeathersStorage {
  return {
    getItem: async (key: string) => (await storage.get(key)) ?? null,
    setItem: async (key: string, value: unknown) => {
      // authentication-client stores whatever the server answers; only strings are tokens.
      if (typeof value === 'string') await storage.set(key, value)
      else await storage.remove(key)
    },
    removeItem: async (key: string) => {
      await storage.remove(key)
    },
  }
}
