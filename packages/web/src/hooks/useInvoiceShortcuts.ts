import { useEffect, useRef } from 'react'

/** What the Accounting screen's keys do. */
export interface InvoiceShortcutActions {
  previous: () => void
  next: () => void
  confirmAndNext: () => void
  jumpToAttention: () => void
  help: () => void
}

/** True when the key went to a place where people type (a text field, a select, an editable element). */
export function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false
  if (target.isContentEditable) return true
  if (target instanceof HTMLSelectElement || target instanceof HTMLTextAreaElement) return true
  return target instanceof HTMLInputElement && !['button', 'checkbox', 'radio', 'submit', 'reset'].includes(target.type)
}

/**
 * The Accounting screen's keys (SPEC §2 and the review's own): Ctrl+↑ / Ctrl+↓ previous and next document and
 * Ctrl+Enter confirm and next, wherever the focus is; `a` (first field that needs attention) and `?` (the help
 * overlay) only outside text fields, so typing is never taken. Not while a dialog is open.
 */
export function useInvoiceShortcuts(actions: InvoiceShortcutActions, enabled = true): void {
  const latest = useRef(actions)
  useEffect(() => {
    latest.current = actions
  }, [actions])
  useEffect(() => {
    if (!enabled) return
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || document.querySelector('[role=dialog], [role=alertdialog]')) return
      const plainCtrl = (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey
      let action: (() => void) | undefined
      if (plainCtrl && event.key === 'ArrowUp') action = latest.current.previous
      else if (plainCtrl && event.key === 'ArrowDown') action = latest.current.next
      else if (plainCtrl && event.key === 'Enter') action = latest.current.confirmAndNext
      else if (!event.ctrlKey && !event.metaKey && !event.altKey && !isTyping(event.target)) {
        if (event.key === '?') action = latest.current.help
        else if (event.key === 'a' || event.key === 'A') action = latest.current.jumpToAttention
      }
      if (!action) return
      event.preventDefault()
      action()
    }
    window.addEventListener('keydown', onKeyDown)
    return () => window.removeEventListener('keydown', onKeyDown)
  }, [enabled])
}
