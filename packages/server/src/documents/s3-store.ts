import { createReadStream } from 'node:fs'
import { mkdir, readdir, rename, rm, stat, utimes } from 'node:fs/promises'
import { join } from 'node:path'
import { randomBytes } from 'node:crypto'
import type { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { createWriteStream } from 'node:fs'
import type { S3Client } from '@aws-sdk/client-s3'
import type { S3Settings } from './store-config'
import { FileDocumentStore, HASH, sha256Hex, type ByteRange, type DocumentStore, type StagedFile, type StoredFile } from './store'

/** Parts of a multipart upload: 8 MiB, two in flight, so a large file is never held whole. */
const PART_BYTES = 8 * 1024 * 1024
/** Local copies of stored files kept for the file and extraction threads, least recently used dropped first. */
const CACHE_BYTES = 512 * 1024 * 1024
const KEY = /^[0-9a-f]{2}\/[0-9a-f]{2}\/([0-9a-f]{64})$/

type Sdk = typeof import('@aws-sdk/client-s3')

/** The SDK and a client; loaded on first use, so a server on the folder store never loads the AWS SDK. */
interface Connection {
  sdk: Sdk
  client: S3Client
}

/** An error as the folder store's: code ENOENT, so callers answer 404 alike. */
const notStored = (sha256: string) => Object.assign(new Error(`no stored file ${sha256}`), { code: 'ENOENT' })

const isNotFound = (error: unknown): boolean => {
  const failure = error as { name?: string; $metadata?: { httpStatusCode?: number } }
  return failure.name === 'NoSuchKey' || failure.name === 'NotFound' || failure.$metadata?.httpStatusCode === 404
}

/**
 * The document store in an S3 bucket (DOCUMENT_STORE=s3): objects `ab/cd/<sha256>`, the same content addresses as the
 * folder's. Uploads are staged in the local folder (the file threads inspect them there) and adopted with a multipart
 * upload (lib-storage) before their row commits: an object appears only when complete. Reads stream, with HTTP Range
 * for part of a file; the threads that draw and read pages get a local copy (a bounded cache under the data dir).
 */
export class S3DocumentStore implements DocumentStore {
  readonly location: string
  private connection: Promise<Connection> | undefined
  private readonly local: FileDocumentStore
  private readonly cacheDir: string
  private cache: Promise<Map<string, { size: number; usedAt: number }>> | undefined
  private readonly fetching = new Map<string, Promise<string>>()

  /** `localDir`: where uploads are staged and local copies kept (DATA_DIR/documents). */
  constructor(
    private readonly settings: S3Settings,
    localDir: string,
  ) {
    this.location = `s3://${settings.bucket}`
    this.local = new FileDocumentStore(localDir)
    this.cacheDir = join(localDir, 'cache')
  }

  private s3(): Promise<Connection> {
    this.connection ??= import('@aws-sdk/client-s3').then((sdk) => {
      const { endpoint, region, forcePathStyle, accessKeyId, secretAccessKey } = this.settings
      const client = new sdk.S3Client({
        ...(endpoint ? { endpoint } : {}),
        region,
        forcePathStyle,
        credentials: { accessKeyId, secretAccessKey },
        // Checksums only where S3 requires them: with the SDK's default a streamed PUT to radosgw (Ceph Pacific) gets
        // 411 MissingContentLength.
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
      })
      return { sdk, client }
    })
    return this.connection
  }

  private keyOf(sha256: string): string {
    if (!HASH.test(sha256)) throw new Error(`not a SHA-256 hex digest: ${sha256}`)
    return `${sha256.slice(0, 2)}/${sha256.slice(2, 4)}/${sha256}`
  }

  /** Whether the bucket answers with these credentials: a clear error naming the bucket and the endpoint if not. */
  async check(): Promise<void> {
    const { sdk, client } = await this.s3()
    try {
      await client.send(new sdk.HeadBucketCommand({ Bucket: this.settings.bucket }))
    } catch (error) {
      const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode
      const why = status === 404 ? 'does not exist' : status === 403 ? 'refuses these credentials (S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY)' : `does not answer (${(error as Error).name}: ${(error as Error).message})`
      throw new Error(`The document store's bucket S3_BUCKET=${this.settings.bucket} at ${this.settings.endpoint ?? `AWS ${this.settings.region}`} ${why}`, { cause: error })
    }
  }

  /** Ready when the bucket answers with these credentials (GET /readyz). */
  async ready(): Promise<void> {
    await this.check()
  }

  async put(bytes: Uint8Array): Promise<{ sha256: string; size: number }> {
    const sha256 = sha256Hex(bytes)
    if (await this.has(sha256)) return { sha256, size: bytes.byteLength }
    const { sdk, client } = await this.s3()
    await client.send(new sdk.PutObjectCommand({ Bucket: this.settings.bucket, Key: this.keyOf(sha256), Body: bytes, ContentLength: bytes.byteLength }))
    return { sha256, size: bytes.byteLength }
  }

  async get(sha256: string): Promise<Buffer> {
    const { stream } = await this.open(sha256)
    const chunks: Buffer[] = []
    for await (const chunk of stream) chunks.push(chunk as Buffer)
    return Buffer.concat(chunks)
  }

  async open(sha256: string, range?: ByteRange): Promise<{ stream: Readable; size: number }> {
    const { sdk, client } = await this.s3()
    try {
      const answer = await client.send(
        new sdk.GetObjectCommand({ Bucket: this.settings.bucket, Key: this.keyOf(sha256), ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}) }),
      )
      // With a range, the whole size is the part after the slash of Content-Range.
      const total = range ? Number(/\/(\d+)$/.exec(answer.ContentRange ?? '')?.[1]) : Number(answer.ContentLength)
      return { stream: answer.Body as Readable, size: total }
    } catch (error) {
      if (isNotFound(error)) throw notStored(sha256)
      throw error
    }
  }

  async has(sha256: string): Promise<boolean> {
    return (await this.sizeOf(sha256)) !== undefined
  }

  async sizeOf(sha256: string): Promise<number | undefined> {
    const { sdk, client } = await this.s3()
    try {
      const head = await client.send(new sdk.HeadObjectCommand({ Bucket: this.settings.bucket, Key: this.keyOf(sha256) }))
      return Number(head.ContentLength)
    } catch (error) {
      if (isNotFound(error)) return undefined
      throw error
    }
  }

  stage(source: Readable, maxBytes: number): Promise<StagedFile | null> {
    return this.local.stage(source, maxBytes)
  }

  async prepare(staged: StagedFile): Promise<void> {
    if (await this.has(staged.sha256)) return
    const { client } = await this.s3()
    const { Upload } = await import('@aws-sdk/lib-storage')
    // Streamed from the staged file in parts: an object appears in the bucket only once all of it is there.
    const upload = new Upload({
      client,
      params: { Bucket: this.settings.bucket, Key: this.keyOf(staged.sha256), Body: createReadStream(staged.path), ContentLength: staged.size },
      partSize: PART_BYTES,
      queueSize: 2,
      leavePartsOnError: false,
    })
    await upload.done()
    const stored = await this.sizeOf(staged.sha256)
    if (stored !== staged.size) throw new Error(`the bucket holds ${stored ?? 'no'} bytes of ${staged.sha256}, ${staged.size} were sent`)
  }

  /** Under the file's lock: the object is there (prepared, or sent now if a removal took it meanwhile); the staged file goes. */
  async adopt(staged: StagedFile): Promise<void> {
    await this.prepare(staged)
    await this.local.discard(staged)
  }

  discard(staged: StagedFile): Promise<void> {
    return this.local.discard(staged)
  }

  async remove(sha256: string): Promise<void> {
    const { sdk, client } = await this.s3()
    await client.send(new sdk.DeleteObjectCommand({ Bucket: this.settings.bucket, Key: this.keyOf(sha256) }))
    ;(await this.cache)?.delete(sha256)
    await rm(join(this.cacheDir, sha256), { force: true })
  }

  readStaged(staged: StagedFile): Promise<Buffer> {
    return this.local.readStaged(staged)
  }

  async localFile(sha256: string): Promise<string> {
    if (!HASH.test(sha256)) throw new Error(`not a SHA-256 hex digest: ${sha256}`)
    const cache = await this.cacheIndex()
    const path = join(this.cacheDir, sha256)
    const known = cache.get(sha256)
    if (known) {
      known.usedAt = Date.now()
      await utimes(path, new Date(), new Date()).catch(() => undefined)
      return path
    }
    let fetching = this.fetching.get(sha256)
    if (!fetching) {
      fetching = this.fetchToCache(sha256, path).finally(() => this.fetching.delete(sha256))
      this.fetching.set(sha256, fetching)
    }
    return fetching
  }

  /** Streams a stored file into the cache (temporary name, then rename: content-addressed, so never stale). */
  private async fetchToCache(sha256: string, path: string): Promise<string> {
    const { stream, size } = await this.open(sha256)
    const temp = `${path}.${randomBytes(6).toString('hex')}.part`
    try {
      await pipeline(stream, createWriteStream(temp, { mode: 0o640 }))
      await rename(temp, path)
    } catch (error) {
      await rm(temp, { force: true })
      throw error
    }
    const cache = await this.cacheIndex()
    cache.set(sha256, { size, usedAt: Date.now() })
    let total = [...cache.values()].reduce((sum, entry) => sum + entry.size, 0)
    for (const [hash, entry] of [...cache].sort((a, b) => a[1].usedAt - b[1].usedAt)) {
      if (total <= CACHE_BYTES || hash === sha256) break
      // A thread reading the file now keeps its open handle; the next reader fetches it again.
      cache.delete(hash)
      await rm(join(this.cacheDir, hash), { force: true })
      total -= entry.size
    }
    return path
  }

  /** The local copies, read once per process before its first copy is made (so what is half-written was left by a killed one). */
  private cacheIndex(): Promise<Map<string, { size: number; usedAt: number }>> {
    this.cache ??= (async () => {
      await mkdir(this.cacheDir, { recursive: true })
      const cache = new Map<string, { size: number; usedAt: number }>()
      for (const name of await readdir(this.cacheDir)) {
        const path = join(this.cacheDir, name)
        if (!HASH.test(name)) {
          await rm(path, { force: true })
          continue
        }
        const found = await stat(path).catch(() => undefined)
        if (found) cache.set(name, { size: found.size, usedAt: found.mtimeMs })
      }
      return cache
    })()
    return this.cache
  }

  async *list(): AsyncIterable<StoredFile[]> {
    const { sdk, client } = await this.s3()
    let token: string | undefined
    do {
      const page = await client.send(new sdk.ListObjectsV2Command({ Bucket: this.settings.bucket, ContinuationToken: token }))
      const hashes = (page.Contents ?? []).flatMap((object) => {
        const match = KEY.exec(object.Key ?? '')
        return match ? [{ sha256: match[1], size: Number(object.Size) }] : []
      })
      if (hashes.length > 0) yield hashes
      token = page.IsTruncated ? page.NextContinuationToken : undefined
    } while (token)
  }

  async sweepTemporaries(staleBefore: number): Promise<number> {
    let removed = await this.local.sweepTemporaries(staleBefore)
    // Half-written local copies of a killed process go when the copies are first read.
    await this.cacheIndex()
    const { sdk, client } = await this.s3()
    for await (const upload of this.unfinishedUploads()) {
      // An unfinished multipart upload of a killed process (its parts take space but are no object).
      if (upload.initiated >= staleBefore) continue
      await client.send(new sdk.AbortMultipartUploadCommand({ Bucket: this.settings.bucket, Key: upload.key, UploadId: upload.uploadId }))
      removed++
    }
    return removed
  }

  /** The bucket's multipart uploads begun and neither completed nor aborted. */
  async *unfinishedUploads(): AsyncIterable<{ key: string; uploadId: string; initiated: number }> {
    const { sdk, client } = await this.s3()
    let keyMarker: string | undefined
    let uploadIdMarker: string | undefined
    do {
      const page = await client.send(new sdk.ListMultipartUploadsCommand({ Bucket: this.settings.bucket, KeyMarker: keyMarker, UploadIdMarker: uploadIdMarker }))
      for (const upload of page.Uploads ?? []) {
        if (upload.Key && upload.UploadId) yield { key: upload.Key, uploadId: upload.UploadId, initiated: upload.Initiated?.getTime() ?? 0 }
      }
      keyMarker = page.IsTruncated ? page.NextKeyMarker : undefined
      uploadIdMarker = page.IsTruncated ? page.NextUploadIdMarker : undefined
    } while (keyMarker)
  }

  /** Ends the client's sockets. */
  async close(): Promise<void> {
    if (this.connection) (await this.connection).client.destroy()
  }
}
