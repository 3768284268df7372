import { createWebStorage, type TokenStorage } from '@portal/sdk/client'

/** Token storage on localStorage; the SDK falls back to memory when the browser refuses storage (SPEC §4). */
export function createBrowserStorage(): TokenStorage {
  return createWebStorage(() => window.localStorage)
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
