import { createHash, randomBytes } from 'node:crypto'
import { constants, createWriteStream } from 'node:fs'
import { access, mkdir, open, readFile, rename, rm, stat } from 'node:fs/promises'
import { join } from 'node:path'
import { Transform, type Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'

/** A file streamed into the store's temporary folder, hashed on the way, not yet at its content address. */
export interface StagedFile {
  path: string
  sha256: string
  size: number
}

/** Folder (inside the store, so a rename is atomic) where uploads are streamed before they are adopted. */
export const STAGING_DIR = 'tmp'

/** Where document files live, addressed by the SHA-256 of their bytes (object storage can implement it later). */
export interface DocumentStore {
  /** Stores the bytes durably; resolves only when they are safe on disk. */
  put(bytes: Uint8Array): Promise<{ sha256: string; size: number }>
  /** Reads the bytes of a stored file; NotFound-style error when absent. */
  get(sha256: string): Promise<Buffer>
  /** A stream of a stored file and its size, for sending it without holding it; ENOENT when absent. */
  open(sha256: string): Promise<{ stream: Readable; size: number }>
  /** Whether a file with this hash is stored. */
  has(sha256: string): Promise<boolean>
  /** Resolves when the store answers and takes writes (GET /readyz); rejects otherwise. */
  ready(): Promise<void>
  /**
   * Streams `source` to a temporary file, hashing as it goes, and fsyncs it. Past `maxBytes` nothing more is
   * written: the rest of the source is read and dropped, the partial file removed, and the answer is null.
   */
  stage(source: Readable, maxBytes: number): Promise<StagedFile | null>
  /** Moves a staged file to its content address durably (rename, fsync of the folder); drops it if that content is already stored. */
  adopt(staged: StagedFile): Promise<void>
  /** Removes a staged file that will not be kept (no error if it is gone). */
  discard(staged: StagedFile): Promise<void>
  /** Removes a stored file (no error if it is gone); callers make sure no row references it. */
  remove(sha256: string): Promise<void>
  /** Reads a staged file's bytes (one accepted file at a time, for inspection). */
  readStaged(staged: StagedFile): Promise<Buffer>
  /**
   * Where a stored file lies on this machine, so a worker thread reads it itself: its bytes (a scan page is ~9 MB)
   * then never pass through the main thread, whose garbage collection they would drive.
   */
  localPath(sha256: string): string
}

/** SHA-256 of bytes as lower-case hex. */
export function sha256Hex(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex')
}

const HASH = /^[0-9a-f]{64}$/

/** Content-addressed store in a directory: `<root>/ab/cd/<hash>`; writes are temp file + fsync + rename. */
export class FileDocumentStore implements DocumentStore {
  constructor(private readonly root: string) {}

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
    // Make the rename itself durable: fsync the directory entry.
    const dirHandle = await open(dir, 'r')
    try {
      await dirHandle.sync()
    } finally {
      await dirHandle.close()
    }
    return { sha256, size: bytes.byteLength }
  }

  async stage(source: Readable, maxBytes: number): Promise<StagedFile | null> {
    const dir = join(this.root, STAGING_DIR)
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

  async adopt(staged: StagedFile): Promise<void> {
    const target = this.pathOf(staged.sha256)
    if (await this.has(staged.sha256)) {
      await rm(staged.path, { force: true })
      return
    }
    const dir = join(target, '..')
    await mkdir(dir, { recursive: true })
    await rename(staged.path, target)
    // Make the rename itself durable: fsync the directory entry.
    const dirHandle = await open(dir, 'r')
    try {
      await dirHandle.sync()
    } finally {
      await dirHandle.close()
    }
  }

  async discard(staged: StagedFile): Promise<void> {
    await rm(staged.path, { force: true })
  }

  async remove(sha256: string): Promise<void> {
    await rm(this.pathOf(sha256), { force: true })
  }

  localPath(sha256: string): string {
    return this.pathOf(sha256)
  }

  async readStaged(staged: StagedFile): Promise<Buffer> {
    return readFile(staged.path)
  }

  async get(sha256: string): Promise<Buffer> {
    return readFile(this.pathOf(sha256))
  }

  async open(sha256: string): Promise<{ stream: Readable; size: number }> {
    const handle = await open(this.pathOf(sha256), 'r')
    try {
      const { size } = await handle.stat()
      // The stream owns the handle from here and closes it when done.
      return { stream: handle.createReadStream(), size }
    } catch (error) {
      await handle.close()
      throw error
    }
  }

  async has(sha256: string): Promise<boolean> {
    try {
      return (await stat(this.pathOf(sha256))).isFile()
    } catch {
      return false
    }
  }
}
