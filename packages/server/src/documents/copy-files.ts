import type { DocumentStore, StoredFile } from './store'

/** Where a copy stands: files copied, files the target had already, bytes copied, and files that failed. */
export interface CopyProgress {
  copied: number
  skipped: number
  bytes: number
  failed: { sha256: string; reason: string }[]
}

/** Props of copyStoreFiles. */
export interface CopyStoreFilesProps {
  from: DocumentStore
  to: DocumentStore
  /** Called after each file. */
  progress?: (progress: CopyProgress) => void
}

/** Files copied at once (S3 answers each request in milliseconds; a few in flight hide that). */
const PARALLEL = 4

/**
 * Copies every document file of one store to another by its hash: a file the target lists at the same size is skipped
 * (so a second run, or one after a kill, copies only what is missing); every copied file is streamed, its hash and
 * size checked on the way and its size read back from the target. A file that arrives damaged or cannot be read is not
 * put in place and is listed in `failed`; the others go on. The target's listing is held in memory (some 100 bytes a
 * file).
 */
export async function copyStoreFiles(props: CopyStoreFilesProps): Promise<CopyProgress> {
  const { from, to } = props
  const progress: CopyProgress = { copied: 0, skipped: 0, bytes: 0, failed: [] }
  const present = new Map<string, number>()
  for await (const batch of to.list()) for (const file of batch) present.set(file.sha256, file.size)
  const one = async (file: StoredFile) => {
    try {
      if (present.get(file.sha256) === file.size) {
        progress.skipped++
      } else {
        await copyOne(from, to, file, present.has(file.sha256))
        progress.copied++
        progress.bytes += file.size
      }
    } catch (error) {
      progress.failed.push({ sha256: file.sha256, reason: (error as Error).message })
    }
    props.progress?.(progress)
  }
  for await (const batch of from.list()) {
    for (let next = 0; next < batch.length; next += PARALLEL) await Promise.all(batch.slice(next, next + PARALLEL).map(one))
  }
  return progress
}

async function copyOne(from: DocumentStore, to: DocumentStore, file: StoredFile, wrongSize: boolean): Promise<void> {
  const { sha256, size } = file
  // A file of another size at the address cannot be this content: it goes before the copy takes its place.
  if (wrongSize) await to.remove(sha256)
  const { stream } = await from.open(sha256)
  const staged = await to.stage(stream, Number.MAX_SAFE_INTEGER)
  if (!staged) throw new Error('could not be staged')
  if (staged.sha256 !== sha256 || staged.size !== size) {
    await to.discard(staged)
    throw new Error(`read as ${staged.size} bytes with SHA-256 ${staged.sha256}, not ${size} bytes of ${sha256}`)
  }
  await to.adopt(staged)
  const stored = await to.sizeOf(sha256)
  if (stored !== size) throw new Error(`the target holds ${stored ?? 'no'} bytes after the copy, not ${size}`)
}

/** "12.3 MB" */
export function megabytes(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`
}
