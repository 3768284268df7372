import { createMemoryStorage, type TokenStorage } from '@portal/sdk/client'

/** Token storage on localStorage; falls back to memory when the browser refuses storage (SPEC §4). */
export function createBrowserStorage(): TokenStorage {
  try {
    const probe = '__portal_probe__'
    window.localStorage.setItem(probe, '1')
    window.localStorage.removeItem(probe)
  } catch {
    return createMemoryStorage()
  }
  return {
    get: (key) => window.localStorage.getItem(key),
    set: (key, value) => window.localStorage.setItem(key, value),
    remove: (key) => window.localStorage.removeItem(key),
  }
}

/** Reads one value from localStorage, null when storage is unavailable. */
export function readLocal(key: string): string | null {
  try {
    return window.localStorage.getItem(key)
  } catch {
    return null
  }
}

/** Writes one value to localStorage; silently skipped when storage is unavailable (private mode). */
export function writeLocal(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value)
  } catch {
    // Nothing to do: the setting then lasts for this page only.
  }
}
