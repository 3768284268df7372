import { MimeType } from '@portal/sdk/domain'
import type { UploadType } from '@portal/sdk/domain'
import { errorData } from '@portal/sdk/errors'
import { documentHttpPaths, type DocumentHashesResponse } from '@portal/sdk/services'
import {
  afterAnswer,
  afterFailure,
  alreadyThere,
  captureFileName,
  holdsFile,
  nextCapture,
  recoverCaptures,
  startSending,
  type CaptureEntry,
  type CaptureProblem,
} from '@portal/sdk/state'
import { uploadFile } from '../components/UploadArea/uploadFile'
import type { CaptureStore } from './captureStore'

/** What a new capture brings: its PDF and what was chosen before sending. */
export interface NewCapture {
  companyNo: number
  type?: UploadType
  note: string
  pages: number
  pdf: Uint8Array<ArrayBuffer>
}

/** What the queue needs of the session and the browser. */
export interface CaptureQueueDeps {
  store: CaptureStore
  owner: string
  token: () => Promise<string | null>
  online: () => boolean
  now?: () => Date
}

/** While a capture waits, a try every so often (beside the browser's `online` event, which weak connections miss). */
export const RETRY_MS = 15_000

const hex = (buffer: ArrayBuffer) => Array.from(new Uint8Array(buffer), (byte) => byte.toString(16).padStart(2, '0')).join('')

/** The error key a failed request carries, else the upload's generic failure. */
function problemOf(error: unknown): CaptureProblem {
  const data = (error as { data?: { key?: unknown; params?: unknown } } | null)?.data
  if (data && typeof data.key === 'string') return { key: data.key, params: (data.params as Record<string, unknown>) ?? {} }
  const fallback = errorData('errors:document.uploadFailed')
  return { key: fallback.key, params: fallback.params }
}

/**
 * A request refused as a whole: the company is no longer the user's (403) — it will not change by trying again, so
 * the capture ends refused with the reason; anything else (no connection, server away, session expired) waits again.
 */
function afterRefusal(entry: CaptureEntry, status: number, problem: CaptureProblem): CaptureEntry {
  if (status === 403) return afterAnswer(entry, { status: 'refused', error: problem })
  return afterFailure(entry, problem)
}

/**
 * The device's queue of captures for the signed-in user: keeps them in the store, sends one at a time whenever the
 * device is online (asking the server's hash check first, so a capture whose answer was lost is not sent twice), and
 * tells subscribers every change. One per session (see useCaptureQueue).
 */
export class CaptureQueue {
  private entries: CaptureEntry[] = []
  private listeners = new Set<(entries: readonly CaptureEntry[]) => void>()
  private pumping = false
  private timer: ReturnType<typeof setInterval> | undefined
  private readonly ready: Promise<void>

  constructor(private readonly deps: CaptureQueueDeps) {
    this.ready = this.load()
  }

  /** The entries of this user, newest first. */
  get items(): readonly CaptureEntry[] {
    return this.entries.filter((entry) => entry.owner === this.deps.owner).sort((a, b) => b.createdAt.localeCompare(a.createdAt))
  }

  /** Calls `listener` on every change; answers the unsubscribe. */
  subscribe(listener: (entries: readonly CaptureEntry[]) => void): () => void {
    this.listeners.add(listener)
    listener(this.items)
    return () => this.listeners.delete(listener)
  }

  /** Starts sending: now, whenever the browser says it is online again, and every RETRY_MS while something waits. */
  start(): () => void {
    const wake = () => void this.pump()
    window.addEventListener('online', wake)
    this.timer = setInterval(wake, RETRY_MS)
    wake()
    return () => {
      window.removeEventListener('online', wake)
      clearInterval(this.timer)
    }
  }

  /** Keeps a new capture (its PDF encrypted) and sends it when it can. */
  async add(capture: NewCapture): Promise<CaptureEntry> {
    await this.ready
    const now = this.deps.now?.() ?? new Date()
    const id = `capture-${now.getTime()}-${crypto.getRandomValues(new Uint32Array(1))[0]!.toString(36)}`
    const sha256 = hex(await crypto.subtle.digest('SHA-256', capture.pdf))
    const entry: CaptureEntry = {
      id,
      owner: this.deps.owner,
      companyNo: capture.companyNo,
      type: capture.type,
      note: capture.note,
      fileName: captureFileName(now),
      pages: capture.pages,
      createdAt: now.toISOString(),
      sha256,
      state: 'waiting',
      tries: 0,
    }
    await this.deps.store.putFile(id, capture.pdf)
    await this.put(entry)
    void this.pump()
    return entry
  }

  /** Forgets the finished entries of this user (sent, already there, refused). */
  async clearFinished(): Promise<void> {
    for (const entry of this.items.filter((item) => !holdsFile(item.state))) {
      await this.deps.store.remove(entry.id)
      this.entries = this.entries.filter((item) => item.id !== entry.id)
    }
    this.tell()
  }

  private async load(): Promise<void> {
    const found = recoverCaptures(await this.deps.store.list())
    this.entries = found
    for (const entry of found) await this.deps.store.save(entry)
    this.tell()
  }

  private async put(entry: CaptureEntry): Promise<void> {
    this.entries = [...this.entries.filter((item) => item.id !== entry.id), entry]
    await this.deps.store.save(entry)
    this.tell()
  }

  private tell(): void {
    const items = this.items
    for (const listener of this.listeners) listener(items)
  }

  /** Sends the waiting captures one after the other; stops at the first failure (the next wake tries again). */
  async pump(): Promise<void> {
    await this.ready
    if (this.pumping) return
    this.pumping = true
    try {
      for (;;) {
        const next = nextCapture(this.entries, this.deps.owner, this.deps.online())
        if (!next) return
        const sending = startSending(next)
        await this.put(sending)
        const done = await this.send(sending)
        await this.put(done)
        if (!holdsFile(done.state)) await this.deps.store.removeFile(done.id)
        if (done.state === 'waiting') return
      }
    } finally {
      this.pumping = false
    }
  }

  private async send(entry: CaptureEntry): Promise<CaptureEntry> {
    try {
      const token = await this.deps.token()
      const query = new URLSearchParams({ client: String(entry.companyNo), sha256: entry.sha256 })
      const asked = await fetch(`${documentHttpPaths.hashes}?${query}`, { headers: token ? { authorization: `Bearer ${token}` } : {} })
      if (!asked.ok) return afterRefusal(entry, asked.status, problemOf(await asked.json().catch(() => null)))
      const known = ((await asked.json()) as DocumentHashesResponse).existing.find((item) => item.sha256 === entry.sha256)
      if (known) return alreadyThere(entry, known.documentId)
      const bytes = await this.deps.store.readFile(entry.id)
      if (!bytes) return afterAnswer(entry, { status: 'refused', error: { key: 'documents:capture.lost', params: {} } })
      const file = new File([bytes], entry.fileName, { type: MimeType.pdf })
      const result = await uploadFile({ file, companyNo: entry.companyNo, type: entry.type, note: entry.note || undefined, token, onProgress: () => {} })
      return afterAnswer(entry, result)
    } catch (error) {
      return afterRefusal(entry, (error as { code?: number } | null)?.code ?? 0, problemOf(error))
    }
  }
}
