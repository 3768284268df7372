import { DARK_MODE_STORAGE_KEY } from '@portal/sdk/domain'
import { readLocal, writeLocal } from './browserStorage'

/** Whether the dark theme is on: the stored `dark-mode` 0/1 wins, else the system preference (SPEC §9). */
export function initialDarkMode(): boolean {
  const stored = readLocal(DARK_MODE_STORAGE_KEY)
  if (stored === '1') return true
  if (stored === '0') return false
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-color-scheme: dark)').matches
}

/** Stores the choice and applies it to the document so Primer's CSS variables switch. */
export function applyDarkMode(dark: boolean, store: boolean): void {
  if (store) writeLocal(DARK_MODE_STORAGE_KEY, dark ? '1' : '0')
  document.documentElement.setAttribute('data-color-mode', dark ? 'dark' : 'light')
}
