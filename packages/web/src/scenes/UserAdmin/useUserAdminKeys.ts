import { useEffect, useRef } from 'react'

/** What the user administration's single keys do (see USER_ADMIN_SHORTCUTS). */
export interface UserAdminKeys {
  /** Off while a dialog is open or another tab shows. */
  enabled: boolean
  search: () => void
  create: () => void
  bulk: () => void
  selectAll: () => void
  previousPage: () => void
  nextPage: () => void
  clear: () => void
  help: () => void
}

/** Keys typed into a text field or a select belong to it; a focused checkbox or button leaves them to the screen. */
const typingIn = (target: EventTarget | null) => {
  if (!(target instanceof HTMLElement)) return false
  if (target instanceof HTMLInputElement) return !['checkbox', 'radio', 'button', 'submit'].includes(target.type)
  return target.isContentEditable || target.tagName === 'TEXTAREA' || target.tagName === 'SELECT'
}

/**
 * The screen's single-key shortcuts: `/` search, `n` new user, `b` change the selection, `a` select the page,
 * `[` `]` pages, Escape clears the selection, `?` help. Never while typing in a field or with a modifier held.
 */
export function useUserAdminKeys(keys: UserAdminKeys): void {
  const latest = useRef(keys)
  useEffect(() => {
    latest.current = keys
  })
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const current = latest.current
      if (!current.enabled || event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return
      if (event.key === 'Escape') {
        if (!typingIn(event.target)) current.clear()
        return
      }
      if (typingIn(event.target)) return
      const action: Record<string, (() => void) | undefined> = {
        '/': current.search,
        n: current.create,
        b: current.bulk,
        a: current.selectAll,
        '[': current.previousPage,
        ']': current.nextPage,
        '?': current.help,
      }
      const run = action[event.key]
      if (!run) return
      event.preventDefault()
      run()
    }
    document.addEventListener('keydown', onKeyDown)
    return () => document.removeEventListener('keydown', onKeyDown)
  }, [])
}
