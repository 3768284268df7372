import { SNACKBAR } from '../domain/constants'
import type { TimerHandle, Timers } from './timers'

/** How a snackbar message looks: errors are red with an alert icon (§8). */
export type SnackbarKind = 'error' | 'success' | 'info'

/** One message of the snackbar; `text` is already translated. */
export interface SnackbarMessage {
  readonly text: string
  readonly kind: SnackbarKind
}

/** What the snackbar shows: all queued messages at once, for `timeoutMs` since the last message. */
export interface SnackbarState {
  readonly open: boolean
  readonly messages: readonly SnackbarMessage[]
  readonly timeoutMs: number
}

/** A closed, empty snackbar. */
export const CLOSED_SNACKBAR: SnackbarState = { open: false, messages: [], timeoutMs: SNACKBAR.defaultTimeoutMs }

/** Events of the snackbar. */
export type SnackbarEvent = { readonly type: 'push'; readonly message: SnackbarMessage } | { readonly type: 'close' }

/**
 * Snackbar queue of §4: the first message opens it for 5000 ms; each message arriving while it
 * is open is appended and the time-out grows by 1000 ms, up to 10000 ms.
 */
export function snackbarReducer(state: SnackbarState, event: SnackbarEvent): SnackbarState {
  if (event.type === 'close') return CLOSED_SNACKBAR
  if (!state.open) return { open: true, messages: [event.message], timeoutMs: SNACKBAR.defaultTimeoutMs }
  return {
    open: true,
    messages: [...state.messages, event.message],
    timeoutMs: Math.min(state.timeoutMs + SNACKBAR.stepMs, SNACKBAR.maxTimeoutMs),
  }
}

/**
 * Runs snackbarReducer against a timer: each change of the time-out restarts the countdown with
 * the new value (so a late message still gets its time), and the snackbar closes when it runs out.
 */
export class SnackbarQueue {
  private current: SnackbarState = CLOSED_SNACKBAR
  private handle: TimerHandle | undefined
  private readonly listeners = new Set<(state: SnackbarState) => void>()

  constructor(private readonly timers: Timers) {}

  /** What the snackbar shows now. */
  get state(): SnackbarState {
    return this.current
  }

  /** Calls `listener` on every change; returns the unsubscribe function. */
  subscribe(listener: (state: SnackbarState) => void): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  /** Shows a message, appending it when the snackbar is already open. */
  push(message: SnackbarMessage): void {
    this.apply({ type: 'push', message })
    this.restartTimer()
  }

  /** Closes the snackbar and drops its messages (the user dismissed it or time ran out). */
  close(): void {
    this.stopTimer()
    if (this.current.open) this.apply({ type: 'close' })
  }

  private restartTimer(): void {
    this.stopTimer()
    this.handle = this.timers.setTimeout(() => {
      this.handle = undefined
      this.close()
    }, this.current.timeoutMs)
  }

  private stopTimer(): void {
    if (this.handle !== undefined) this.timers.clearTimeout(this.handle)
    this.handle = undefined
  }

  private apply(event: SnackbarEvent): void {
    this.current = snackbarReducer(this.current, event)
    for (const listener of this.listeners) listener(this.current)
  }
}
