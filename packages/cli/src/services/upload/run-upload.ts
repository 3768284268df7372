import { basename } from 'node:path'
import type { LocalFile } from './collect-files'
import { hashFile } from './hash-file'
import type { UploadFileResult } from '@portal/sdk/services'
import { HttpError, findExisting, sendFile, type UploadTarget } from './upload-api'

/** What happened to one file. */
export interface FileOutcome {
  file: string
  sha256: string
  status: 'uploaded' | 'exists' | 'refused' | 'failed' | 'skipped' | 'planned'
  documentId?: number
  error?: { key: string; params?: Record<string, unknown>; message: string }
}

/** Progress of the whole upload, for the progress view. */
export interface UploadProgress {
  files: { label: string; size: number; sent: number; outcome?: FileOutcome }[]
  totalBytes: number
  sentBytes: number
  doneFiles: number
}

/** Options of runUpload. */
export interface RunUploadOptions {
  target: UploadTarget
  files: LocalFile[]
  concurrency: number
  /** Only check what would be sent. */
  dryRun?: boolean
  /** Attempts per file on network errors and 502/503/504 (default 3). */
  attempts?: number
  /** Wait before a retry in ms, doubled each time (default 500). */
  retryDelayMs?: number
  onProgress?(progress: UploadProgress): void
}

const RETRYABLE_STATUS = new Set([502, 503, 504])

function retryable(error: unknown): boolean {
  if (error instanceof HttpError) return RETRYABLE_STATUS.has(error.status)
  // fetch rejects with a TypeError when the connection fails or drops.
  return error instanceof TypeError
}

function fromServer(result: UploadFileResult, sha256: string, label: string): FileOutcome {
  // 'exists' comes with an explanatory error on the wire; the status says it all.
  const error = result.status === 'refused' ? result.error : undefined
  return { file: label, sha256, status: result.status, documentId: result.documentId, error }
}

/** Uploads files, skipping those the company already has (same SHA-256), several at once, with retries. */
export async function runUpload(options: RunUploadOptions): Promise<FileOutcome[]> {
  const { target, files } = options
  const attempts = options.attempts ?? 3
  const retryDelayMs = options.retryDelayMs ?? 500
  const progress: UploadProgress = {
    files: files.map((file) => ({ label: file.label, size: file.size, sent: 0 })),
    totalBytes: files.reduce((sum, file) => sum + file.size, 0),
    sentBytes: 0,
    doneFiles: 0,
  }
  const report = () => options.onProgress?.(progress)
  const hashes = await Promise.all(files.map((file) => hashFile(file.path)))
  // Resume: what the company already has is not sent again.
  const existing = await findExisting(target, [...new Set(hashes)])
  const outcomes: FileOutcome[] = new Array(files.length)
  const finish = (index: number, outcome: FileOutcome) => {
    outcomes[index] = outcome
    const entry = progress.files[index]
    progress.sentBytes += entry.size - entry.sent
    entry.sent = entry.size
    entry.outcome = outcome
    progress.doneFiles++
    report()
  }
  const sentHashes = new Map<string, number>()

  const uploadOne = async (index: number): Promise<void> => {
    const file = files[index]
    const sha256 = hashes[index]
    if (existing.has(sha256)) {
      finish(index, { file: file.label, sha256, status: 'skipped', documentId: existing.get(sha256) ?? undefined })
      return
    }
    if (sentHashes.has(sha256)) {
      // The same content twice in one run: the server would answer 'exists'; no need to send it.
      finish(index, { file: file.label, sha256, status: 'exists' })
      return
    }
    sentHashes.set(sha256, index)
    if (options.dryRun) {
      finish(index, { file: file.label, sha256, status: 'planned' })
      return
    }
    for (let attempt = 1; ; attempt++) {
      try {
        const result = await sendFile(target, file, basename(file.path), (sent) => {
          const entry = progress.files[index]
          progress.sentBytes += sent - entry.sent
          entry.sent = sent
          report()
        })
        finish(index, fromServer(result, sha256, file.label))
        return
      } catch (error) {
        if (error instanceof HttpError && error.status === 401) throw error
        // Bytes of a failed attempt do not count.
        const entry = progress.files[index]
        progress.sentBytes -= entry.sent
        entry.sent = 0
        if (attempt < attempts && retryable(error)) {
          await new Promise((resolve) => setTimeout(resolve, retryDelayMs * 2 ** (attempt - 1)))
          continue
        }
        const message = error instanceof Error ? error.message : String(error)
        finish(index, { file: file.label, sha256, status: 'failed', error: { key: 'cli:upload.status.failed', message } })
        return
      }
    }
  }

  report()
  let next = 0
  const worker = async () => {
    while (next < files.length) await uploadOne(next++)
  }
  await Promise.all(Array.from({ length: Math.min(options.concurrency, files.length) }, worker))
  return outcomes
}
