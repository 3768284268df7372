import { createHash, randomBytes } from 'node:crypto'
import { constants, createWriteStream } from 'node:fs'
import { access, mkdir, open, readdir, readFile, rename, rm, stat } from 'node:fs/promises'
import { join } from 'node:path'
import { Transform, type Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'

/** A file streamed into the store's temporary folder, hashed on the way, not yet at its content address. */
export interface StagedFile {
  path: string
  sha256: string
  size: number
}

/** A file at its content address, as a listing names it. */
export interface StoredFile {
  sha256: string
  size: number
}

/** Folder (inside the store, so a rename is atomic) where uploads are streamed before they are adopted. */
export const STAGING_DIR = 'tmp'

/** Bytes `start` to `end` (both included) of a stored file, as an HTTP Range names them. */
export interface ByteRange {
  start: number
  end: number
}

/**
 * Where document files live, addressed by the SHA-256 of their bytes: a folder (FileDocumentStore) or an S3 bucket
 * (S3DocumentStore, `DOCUMENT_STORE=s3`). Uploads are staged in a local temporary folder either way (the file threads
 * inspect them there) and adopted into the store before their row commits.
 */
export interface DocumentStore {
  /** Where the files are, for messages: the folder's path or `s3://bucket`. */
  readonly location: string
  /** Stores the bytes durably; resolves only when they are safe. */
  put(bytes: Uint8Array): Promise<{ sha256: string; size: number }>
  /** Reads the bytes of a stored file; an error with code ENOENT when absent. */
  get(sha256: string): Promise<Buffer>
  /** A stream of a stored file (or of `range` of it) and the file's whole size, for sending it without holding it; ENOENT when absent. */
  open(sha256: string, range?: ByteRange): Promise<{ stream: Readable; size: number }>
  /** Whether a file with this hash is stored. */
  has(sha256: string): Promise<boolean>
  /** The size of a stored file, or undefined when it is not stored. */
  sizeOf(sha256: string): Promise<number | undefined>
  /** Resolves when the store answers and takes writes (GET /readyz); rejects otherwise. */
  ready(): Promise<void>
  /**
   * Streams `source` to a temporary file, hashing as it goes, and fsyncs it. Past `maxBytes` nothing more is
   * written: the rest of the source is read and dropped, the partial file removed, and the answer is null.
   */
  stage(source: Readable, maxBytes: number): Promise<StagedFile | null>
  /**
   * Sends a staged file towards its address ahead of `adopt`, outside the row's transaction, where that takes long (a
   * multipart upload to S3); the staged file stays for `adopt`. Optional: the folder's rename needs no head start.
   */
  prepare?(staged: StagedFile): Promise<void>
  /** Moves a staged file to its content address durably; drops it if that content is already stored. */
  adopt(staged: StagedFile): Promise<void>
  /** Removes a staged file that will not be kept (no error if it is gone). */
  discard(staged: StagedFile): Promise<void>
  /** Removes a stored file (no error if it is gone); callers make sure no row references it. */
  remove(sha256: string): Promise<void>
  /** Reads a staged file's bytes (one accepted file at a time, for inspection). */
  readStaged(staged: StagedFile): Promise<Buffer>
  /**
   * A path on this machine where a stored file can be read, so a worker thread reads it itself: its bytes (a scan page
   * is ~9 MB) then never pass through the main thread. The folder's own file, or the S3 store's local copy.
   */
  localFile(sha256: string): Promise<string>
  /** Every stored file's hash and size, in batches (the start-up sweep, the move and the backup). */
  list(): AsyncIterable<StoredFile[]>
  /** Removes temporary files (and unfinished uploads) begun before `staleBefore` (ms since the epoch); answers how many. */
  sweepTemporaries(staleBefore: number): Promise<number>
}

/** SHA-256 of bytes as lower-case hex. */
export function sha256Hex(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex')
}

export const HASH = /^[0-9a-f]{64}$/
const SHARD = /^[0-9a-f]{2}$/

/**
 * Streams `source` to a new file in `dir`, hashing as it goes, and fsyncs it; past `maxBytes` the rest is read and
 * dropped, the partial file removed, and the answer is null.
 */
export async function stageFile(dir: string, source: Readable, maxBytes: number): Promise<StagedFile | null> {
  await mkdir(dir, { recursive: true })
  const path = join(dir, `upload-${randomBytes(12).toString('hex')}.tmp`)
  const hash = createHash('sha256')
  let size = 0
  let tooLarge = false
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length
      // Past the limit the rest is read and dropped (not written), so a multipart parser can go on to the next part.
      if (size > maxBytes) tooLarge = true
      if (tooLarge) {
        done()
        return
      }
      hash.update(chunk)
      done(null, chunk)
    },
  })
  const output = createWriteStream(path, { flags: 'wx', mode: 0o640 })
  try {
    await pipeline(source, counter, output)
  } catch (error) {
    await rm(path, { force: true })
    throw error
  }
  if (tooLarge) {
    await rm(path, { force: true })
    return null
  }
  const handle = await open(path, 'r+')
  try {
    await handle.sync()
  } finally {
    await handle.close()
  }
  return { path, sha256: hash.digest('hex'), size }
}


/** Content-addressed store in a directory: `<root>/ab/cd/<hash>`; writes are temp file + fsync + rename. */
export class FileDocumentStore implements DocumentStore {
  readonly location: string
  constructor(private readonly root: string) {
    this.location = root
  }

  private pathOf(sha256: string): string {
    if (!HASH.test(sha256)) throw new Error(`not a SHA-256 hex digest: ${sha256}`)
    return join(this.root, sha256.slice(0, 2), sha256.slice(2, 4), sha256)
  }

  async ready(): Promise<void> {
    await mkdir(join(this.root, STAGING_DIR), { recursive: true })
    await access(join(this.root, STAGING_DIR), constants.W_OK)
  }

  async put(bytes: Uint8Array): Promise<{ sha256: string; size: number }> {
    const sha256 = sha256Hex(bytes)
    const target = this.pathOf(sha256)
    if (await this.has(sha256)) return { sha256, size: bytes.byteLength }
    const dir = join(target, '..')
    await mkdir(dir, { recursive: true })
    const temp = join(dir, `.${sha256}.${randomBytes(6).toString('hex')}.tmp`)
    const handle = await open(temp, 'wx', 0o640)
    try {
      await handle.writeFile(bytes)
      await handle.sync()
    } finally {
      await handle.close()
    }
    try {
      await rename(temp, target)
    } catch (error) {
      await rm(temp, { force: true })
      throw error
    }
    await syncDirectory(dir)
    return { sha256, size: bytes.byteLength }
  }

  stage(source: Readable, maxBytes: number): Promise<StagedFile | null> {
    return stageFile(join(this.root, STAGING_DIR), source, maxBytes)
  }

  async adopt(staged: StagedFile): Promise<void> {
    const target = this.pathOf(staged.sha256)
    if (await this.has(staged.sha256)) {
      await rm(staged.path, { force: true })
      return
    }
    const dir = join(target, '..')
    await mkdir(dir, { recursive: true })
    await rename(staged.path, target)
    await syncDirectory(dir)
  }

  async discard(staged: StagedFile): Promise<void> {
    await rm(staged.path, { force: true })
  }

  async remove(sha256: string): Promise<void> {
    await rm(this.pathOf(sha256), { force: true })
  }

  async localFile(sha256: string): Promise<string> {
    return this.pathOf(sha256)
  }

  async readStaged(staged: StagedFile): Promise<Buffer> {
    return readFile(staged.path)
  }

  async get(sha256: string): Promise<Buffer> {
    return readFile(this.pathOf(sha256))
  }

  async open(sha256: string, range?: ByteRange): Promise<{ stream: Readable; size: number }> {
    const handle = await open(this.pathOf(sha256), 'r')
    try {
      const { size } = await handle.stat()
      // The stream owns the handle from here and closes it when done.
      return { stream: handle.createReadStream(range ? { start: range.start, end: range.end } : {}), size }
    } catch (error) {
      await handle.close()
      throw error
    }
  }

  async has(sha256: string): Promise<boolean> {
    return (await this.sizeOf(sha256)) !== undefined
  }

  async sizeOf(sha256: string): Promise<number | undefined> {
    try {
      const found = await stat(this.pathOf(sha256))
      return found.isFile() ? found.size : undefined
    } catch {
      return undefined
    }
  }

  async *list(): AsyncIterable<StoredFile[]> {
    let batch: StoredFile[] = []
    for await (const file of this.walk()) {
      if (file.temporary) continue
      const found = await stat(file.path).catch(() => undefined)
      if (found) batch.push({ sha256: file.name, size: found.size })
      if (batch.length >= 500) {
        yield batch
        batch = []
      }
    }
    if (batch.length > 0) yield batch
  }

  async sweepTemporaries(staleBefore: number): Promise<number> {
    let removed = 0
    const removeIfStale = async (path: string) => {
      // Uploads in flight are younger (this process's own, or another's within the day on PostgreSQL).
      if ((await stat(path)).mtimeMs >= staleBefore) return
      await rm(path, { force: true })
      removed++
    }
    for (const entry of await entries(join(this.root, STAGING_DIR))) {
      if (entry.isFile() && entry.name.endsWith('.tmp')) await removeIfStale(join(this.root, STAGING_DIR, entry.name))
    }
    for await (const file of this.walk()) if (file.temporary) await removeIfStale(file.path)
    return removed
  }

  /** Every file at a content address (`ab/cd/<hash>`) and every temporary file of `put` beside them. */
  private async *walk(): AsyncIterable<{ name: string; path: string; temporary: boolean }> {
    for (const shard of await entries(this.root)) {
      if (!shard.isDirectory() || !SHARD.test(shard.name)) continue
      for (const subShard of await entries(join(this.root, shard.name))) {
        if (!subShard.isDirectory() || !SHARD.test(subShard.name)) continue
        const dir = join(this.root, shard.name, subShard.name)
        for (const file of await entries(dir)) {
          if (!file.isFile()) continue
          if (HASH.test(file.name)) yield { name: file.name, path: join(dir, file.name), temporary: false }
          else if (file.name.startsWith('.') && file.name.endsWith('.tmp')) yield { name: file.name, path: join(dir, file.name), temporary: true }
        }
      }
    }
  }
}

/** Makes a rename in `dir` durable: fsync of the directory entry. */
async function syncDirectory(dir: string): Promise<void> {
  const handle = await open(dir, 'r')
  try {
    await handle.sync()
  } finally {
    await handle.close()
  }
}

async function entries(dir: string) {
  try {
    return await readdir(dir, { withFileTypes: true })
  } catch {
    return []
  }
}
