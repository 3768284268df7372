/**
 * The phone's queue of camera captures (issue 36) as pure state: each capture is one document (its pages made into
 * one PDF on the device) that waits on the device until it is sent. The web app keeps the entries in IndexedDB and
 * the file encrypted beside them; this module decides what is sent next and what an answer or a failure makes of an
 * entry, so the rules are tested without a browser.
 */
import type { UploadType } from '../domain/documentKinds'

/** Where a capture stands: waiting on the device, on its way, or done (sent, already there, refused). */
export type CaptureState = 'waiting' | 'sending' | 'sent' | 'exists' | 'refused'

/** Every capture state, in the order a capture passes them. */
export const CAPTURE_STATES: readonly CaptureState[] = ['waiting', 'sending', 'sent', 'exists', 'refused']

/** The longest note a capture may carry for the firm. */
export const MAX_CAPTURE_NOTE_LENGTH = 500

/** Why the last try did not get through: an i18n key with its parameters. */
export interface CaptureProblem {
  key: string
  params: Record<string, unknown>
}

/** One capture in the queue (what is kept of it beside its encrypted file). */
export interface CaptureEntry {
  id: string
  /** The signed-in user who captured it (keycloakId): another user signed in on the same phone never sends it. */
  owner: string
  companyNo: number
  /** The kind chosen before sending; undefined: the portal recognises it. */
  type?: UploadType
  note: string
  fileName: string
  pages: number
  /** ISO timestamp of the capture. */
  createdAt: string
  /** SHA-256 of the PDF (hex): asked of the server before sending, so a capture whose answer was lost is not sent twice. */
  sha256: string
  state: CaptureState
  /** The document it became (sent) or that already held it (exists). */
  documentId?: number
  /** The last failed try's reason (the entry waits and is tried again), or why the server refused it. */
  problem?: CaptureProblem
  tries: number
}

/** The server's answer for one uploaded file, as far as the queue needs it. */
export interface CaptureUploadAnswer {
  status: 'uploaded' | 'exists' | 'refused'
  documentId?: number
  error?: { key: string; params: Record<string, unknown> }
}

/** True while the entry's file must stay on the device (it is not with the firm yet). */
export function holdsFile(state: CaptureState): boolean {
  return state === 'waiting' || state === 'sending'
}

/** The capture to send next: the oldest waiting one of this user, none while offline or while one is on its way. */
export function nextCapture(entries: readonly CaptureEntry[], owner: string, online: boolean): CaptureEntry | undefined {
  if (!online || entries.some((entry) => entry.owner === owner && entry.state === 'sending')) return undefined
  return entries
    .filter((entry) => entry.owner === owner && entry.state === 'waiting')
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id))[0]
}

/** The entry as it leaves: on its way. */
export function startSending(entry: CaptureEntry): CaptureEntry {
  return { ...entry, state: 'sending', tries: entry.tries + 1 }
}

/** The server already holds the capture's file (the hash check before sending): done, nothing is sent. */
export function alreadyThere(entry: CaptureEntry, documentId: number | undefined): CaptureEntry {
  return { ...entry, state: 'exists', documentId, problem: undefined }
}

/** What the server's answer for the file makes of the entry. */
export function afterAnswer(entry: CaptureEntry, answer: CaptureUploadAnswer): CaptureEntry {
  if (answer.status === 'uploaded') return { ...entry, state: 'sent', documentId: answer.documentId, problem: undefined }
  if (answer.status === 'exists') return { ...entry, state: 'exists', documentId: answer.documentId, problem: undefined }
  return { ...entry, state: 'refused', problem: answer.error ? { key: answer.error.key, params: answer.error.params } : { key: 'errors:document.uploadFailed', params: {} } }
}

/**
 * The try failed as a whole (no connection, server away, session expired): the capture waits again with the reason.
 * Before the next try the hash check finds it if the server did take it in and only the answer was lost.
 */
export function afterFailure(entry: CaptureEntry, problem: CaptureProblem): CaptureEntry {
  return { ...entry, state: 'waiting', problem }
}

/** Entries found on the device at start: one that was on its way when the app closed waits again (the hash check decides). */
export function recoverCaptures(entries: readonly CaptureEntry[]): CaptureEntry[] {
  return entries.map((entry) => (entry.state === 'sending' ? { ...entry, state: 'waiting' } : entry))
}

/** The file name a capture is sent as: `receipt-YYYYMMDD-HHMMSS.pdf` in the device's local time. */
export function captureFileName(at: Date): string {
  const two = (value: number) => String(value).padStart(2, '0')
  const date = `${at.getFullYear()}${two(at.getMonth() + 1)}${two(at.getDate())}`
  const time = `${two(at.getHours())}${two(at.getMinutes())}${two(at.getSeconds())}`
  return `receipt-${date}-${time}.pdf`
}

/** Moves the item at `from` to `to` (page order of a capture); indexes outside the list leave it as it is. */
export function movePage<T>(pages: readonly T[], from: number, to: number): T[] {
  if (from < 0 || from >= pages.length || to < 0 || to >= pages.length || from === to) return [...pages]
  const next = [...pages]
  const [moved] = next.splice(from, 1)
  next.splice(to, 0, moved as T)
  return next
}
