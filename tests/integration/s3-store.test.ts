import { createHash, randomBytes } from 'node:crypto'
import { readdir } from 'node:fs/promises'
import { join } from 'node:path'
import {
  AbortMultipartUploadCommand,
  CreateMultipartUploadCommand,
  HeadObjectCommand,
  ListMultipartUploadsCommand,
  PutObjectCommand,
  type S3Client,
  UploadPartCommand,
} from '@aws-sdk/client-s3'
import { PDFDocument, StandardFonts } from 'pdf-lib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { documentHttpPaths } from '../../packages/sdk/src/services/index'
import { s3Client, s3Env } from '../support/radosgw'
import { startTestServer, type TestServer } from '../support/server'
import { signInSession, uploadAndRead, type UserSession } from '../support/session'

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex')
const keyOf = (hash: string) => `${hash.slice(0, 2)}/${hash.slice(2, 4)}/${hash}`

/** A two-page text invoice; `padding` bytes of an unused stream make it as large as a test needs. */
async function invoicePdf(tag: string, padding = 0): Promise<Uint8Array> {
  const doc = await PDFDocument.create()
  const font = await doc.embedFont(StandardFonts.Helvetica)
  for (const line of [`Rechnung ${tag}`, 'Seite 2']) doc.addPage([595, 842]).drawText(line, { x: 50, y: 780, size: 14, font })
  if (padding > 0) doc.context.register(doc.context.stream(randomBytes(padding)))
  return doc.save({ useObjectStreams: false })
}

describe('documents on S3 (radosgw): upload, ranges, page images, orphan sweep, multipart', () => {
  let s3: Awaited<ReturnType<typeof s3Env>>
  let server: TestServer
  let staff: UserSession
  let client: S3Client
  let bucket: string
  const get = (path: string, headers: Record<string, string> = {}) => fetch(`${server.url}${path}`, { headers: { authorization: `Bearer ${staff.token}`, ...headers } })
  const head = (hash: string) => client.send(new HeadObjectCommand({ Bucket: bucket, Key: keyOf(hash) }))
  const stored = (hash: string) => head(hash).then(() => true, () => false)

  beforeAll(async () => {
    // The S3 pass of .ci/run has a radosgw running; alone this file starts its own (some 2-4 s).
    s3 = await s3Env()
    bucket = s3.env.S3_BUCKET
    client = s3Client(s3.env)
    server = await startTestServer({ keep: true, env: s3.env })
    staff = await signInSession(server.url, 'staff@demo.portal')
  })
  afterAll(async () => {
    staff?.client.close()
    await server?.close()
    client?.destroy()
    await s3?.stop()
  })

  it('keeps an upload in the bucket by its hash, answers it byte for byte and by range, and draws its pages', async () => {
    const bytes = await invoicePdf('S3-1')
    const hash = sha256(bytes)
    const document = await uploadAndRead(server.url, staff, staff.companies[0], { name: 's3-invoice.pdf', bytes })
    expect((await head(hash)).ContentLength).toBe(bytes.byteLength)
    // Nothing of it stays in the local folder but the (emptied) staging folder and the threads' copies.
    const local = await readdir(join(server.dataDir, 'documents')).catch(() => [])
    expect(local.filter((name) => /^[0-9a-f]{2}$/.test(name))).toEqual([])

    const whole = await get(documentHttpPaths.file(document.id))
    expect(whole.status).toBe(200)
    expect(whole.headers.get('accept-ranges')).toBe('bytes')
    expect(Buffer.from(await whole.arrayBuffer()).equals(Buffer.from(bytes))).toBe(true)

    const part = await get(documentHttpPaths.file(document.id), { range: 'bytes=100-199' })
    expect(part.status).toBe(206)
    expect(part.headers.get('content-range')).toBe(`bytes 100-199/${bytes.byteLength}`)
    expect(Buffer.from(await part.arrayBuffer()).equals(Buffer.from(bytes.subarray(100, 200)))).toBe(true)
    const tail = await get(documentHttpPaths.file(document.id), { range: 'bytes=-10' })
    expect(Buffer.from(await tail.arrayBuffer()).equals(Buffer.from(bytes.subarray(-10)))).toBe(true)
    expect((await get(documentHttpPaths.file(document.id), { range: `bytes=${bytes.byteLength}-` })).status).toBe(416)

    for (const page of [1, 2]) {
      const image = await get(documentHttpPaths.page(document.id, page))
      expect(image.status).toBe(200)
      expect(image.headers.get('content-type')).toBe('image/png')
      expect(Buffer.from(await image.arrayBuffer()).subarray(1, 4).toString()).toBe('PNG')
    }
    expect((await get(documentHttpPaths.page(document.id, 3))).status).toBe(404)
  }, 120_000)

  it('streams a 30 MB upload into the bucket in parts and answers it byte for byte', async () => {
    const bytes = await invoicePdf('S3-large', 30 * 1024 * 1024)
    const hash = sha256(bytes)
    const document = await uploadAndRead(server.url, staff, staff.companies[0], { name: 's3-large.pdf', bytes })
    const object = await head(hash)
    expect(object.ContentLength).toBe(bytes.byteLength)
    // A multipart upload's ETag ends in the number of its parts (8 MiB each).
    expect(object.ETag).toMatch(/-4"?$/)
    const answer = await get(documentHttpPaths.file(document.id))
    expect(sha256(new Uint8Array(await answer.arrayBuffer()))).toBe(hash)
  }, 120_000)

  it('sweeps objects without a document row and unfinished multipart uploads from the bucket after a restart', async () => {
    const rows: { sha256: string }[] = await server.knex('documents').select('sha256')
    const orphan = Buffer.from('%PDF-1.7 left behind by a crash between the object and its row')
    const orphanHash = sha256(orphan)
    await client.send(new PutObjectCommand({ Bucket: bucket, Key: keyOf(orphanHash), Body: orphan }))
    const unfinishedKey = keyOf(sha256(Buffer.from('an upload killed mid-way')))
    const { UploadId } = await client.send(new CreateMultipartUploadCommand({ Bucket: bucket, Key: unfinishedKey }))
    await client.send(new UploadPartCommand({ Bucket: bucket, Key: unfinishedKey, UploadId, PartNumber: 1, Body: randomBytes(1024) }))
    const unfinished = async () => ((await client.send(new ListMultipartUploadsCommand({ Bucket: bucket }))).Uploads ?? []).map((upload) => upload.UploadId)
    expect(await unfinished()).toContain(UploadId)

    staff.client.close()
    await server.server.close()
    // An embedded server owns its data dir: whatever began before its start was left by an earlier process.
    server = await startTestServer({ dataDir: server.dataDir, databaseSchema: server.databaseSchema, port: server.port, keep: true, env: s3.env })
    staff = await signInSession(server.url, 'staff@demo.portal')
    if (server.server.db.engine === 'pglite') {
      await expect.poll(() => stored(orphanHash), { timeout: 30_000 }).toBe(false)
      await expect.poll(unfinished, { timeout: 30_000 }).not.toContain(UploadId)
    } else {
      // PostgreSQL: other instances may be mid-upload, so only day-old unfinished uploads go; the orphan object goes.
      await expect.poll(() => stored(orphanHash), { timeout: 30_000 }).toBe(false)
      await client.send(new AbortMultipartUploadCommand({ Bucket: bucket, Key: unfinishedKey, UploadId }))
    }
    for (const row of rows) expect(await stored(row.sha256.trim()), row.sha256).toBe(true)
  })

  it('refuses to start on a bucket that does not exist, naming it', async () => {
    await expect(startTestServer({ env: { ...s3.env, S3_BUCKET: 'no-such-bucket-here' } })).rejects.toThrow(/S3_BUCKET=no-such-bucket-here .* does not exist/)
  })
})
