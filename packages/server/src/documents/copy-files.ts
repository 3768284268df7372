import type { DocumentStore } from './store'

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
  /** Only these hashes (the backup's: every file of the database it took); default every file of `from`. */
  hashes?: AsyncIterable<string[]>
  /** Called after each file. */
  progress?: (progress: CopyProgress) => void
}

/**
 * Copies document files from one store to another by their hash: a file the target holds at the same size is skipped
 * (so a second run, or one after a kill, copies only what is missing); every copied file is streamed, its hash and size
 * checked on the way and its size read back from the target. A file that arrives damaged or cannot be read is not put
 * in place and is listed in `failed`; the others go on.
 */
export async function copyStoreFiles(props: CopyStoreFilesProps): Promise<CopyProgress> {
  const { from, to } = props
  const progress: CopyProgress = { copied: 0, skipped: 0, bytes: 0, failed: [] }
  for await (const batch of props.hashes ?? from.list()) {
    for (const sha256 of batch) {
      try {
        const size = await from.sizeOf(sha256)
        if (size === undefined) throw new Error('not in the source store')
        if ((await to.sizeOf(sha256)) === size) {
          progress.skipped++
        } else {
          await copyOne(from, to, sha256, size)
          progress.copied++
          progress.bytes += size
        }
      } catch (error) {
        progress.failed.push({ sha256, reason: (error as Error).message })
      }
      props.progress?.(progress)
    }
  }
  return progress
}

async function copyOne(from: DocumentStore, to: DocumentStore, sha256: string, size: number): Promise<void> {
  // A file of another size at the address cannot be this content: it goes before the copy takes its place.
  if ((await to.sizeOf(sha256)) !== undefined) await to.remove(sha256)
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
