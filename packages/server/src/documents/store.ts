import { createHash, randomBytes } from 'node:crypto'
import { mkdir, open, readFile, rename, rm, stat } from 'node:fs/promises'
import { join } from 'node:path'

/** Where document files live, addressed by the SHA-256 of their bytes (object storage can implement it later). */
export interface DocumentStore {
  /** Stores the bytes durably; resolves only when they are safe on disk. */
  put(bytes: Uint8Array): Promise<{ sha256: string; size: number }>
  /** Reads the bytes of a stored file; NotFound-style error when absent. */
  get(sha256: string): Promise<Buffer>
  /** Whether a file with this hash is stored. */
  has(sha256: string): Promise<boolean>
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

  async get(sha256: string): Promise<Buffer> {
    return readFile(this.pathOf(sha256))
  }

  async has(sha256: string): Promise<boolean> {
    try {
      return (await stat(this.pathOf(sha256))).isFile()
    } catch {
      return false
    }
  }
}
