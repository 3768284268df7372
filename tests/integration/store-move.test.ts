import { createHash } from 'node:crypto'
import { readFile, rm } from 'node:fs/promises'
import { join } from 'node:path'
import { HeadObjectCommand, ListObjectsV2Command, type S3Client } from '@aws-sdk/client-s3'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { documentHttpPaths } from '../../packages/sdk/src/services/index'
import { runOperation } from '../support/operations'
import { s3Client, s3Env } from '../support/radosgw'
import { startTestServer, type TestServer } from '../support/server'
import { signInSession } from '../support/session'

const keyOf = (hash: string) => `${hash.slice(0, 2)}/${hash.slice(2, 4)}/${hash}`
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex')

/** `npm run store:move -- --to s3|folder`: an installation's files into the bucket and back, resumable after a kill. */
describe('npm run store:move', () => {
  let s3: Awaited<ReturnType<typeof s3Env>>
  let client: S3Client
  let server: TestServer | undefined
  let dataDir: string
  let databaseSchema: string | undefined
  let rows: { id: number; sha256: string; size: number }[]
  let base: Record<string, string>

  beforeAll(async () => {
    s3 = await s3Env()
    client = s3Client(s3.env)
    // An installation on the folder, with the demo's documents and a ledger of booked ones.
    const folder = await startTestServer({ keep: true, env: { DOCUMENT_STORE: 'folder', PORTAL_DEMO_LEDGER: '1' } })
    ;({ dataDir, databaseSchema } = folder)
    rows = ((await folder.knex('documents').select('id', 'sha256', 'size')) as { id: number; sha256: string; size: number }[]).map((row) => ({ ...row, sha256: row.sha256.trim() }))
    await folder.server.close()
    base = { DATA_DIR: dataDir, ...s3.env, DOCUMENT_STORE: 'folder', ...(databaseSchema ? { DATABASE_URL: process.env.DATABASE_URL!, DATABASE_SCHEMA: databaseSchema } : {}) }
  })
  afterAll(async () => {
    await server?.close()
    await rm(dataDir, { recursive: true, force: true })
    client?.destroy()
    await s3?.stop()
  })

  it('copies every file into the bucket, goes on where a killed run stopped, and the portal then serves them from S3', async () => {
    expect(rows.length).toBeGreaterThan(100)
    const objects = async () => (await client.send(new ListObjectsV2Command({ Bucket: s3.env.S3_BUCKET }))).KeyCount ?? 0
    // The first run is killed once some files are in the bucket.
    const killed = runOperation('store-move', ['--to', 's3'], base, (child) => {
      const poll = setInterval(() => {
        void objects().then((count) => {
          if (count > 0) {
            clearInterval(poll)
            child.kill('SIGKILL')
          }
        })
      }, 20)
      child.on('exit', () => clearInterval(poll))
    })
    await killed
    const partial = await objects()
    const resumed = await runOperation('store-move', ['--to', 's3'], base)
    expect(resumed.code, resumed.stderr).toBe(0)
    const distinct = new Set(rows.map((row) => row.sha256)).size
    expect(resumed.stdout).toContain(`Done: ${distinct - partial} copied`)
    expect(resumed.stdout).toContain(`${partial} already there`)
    expect(resumed.stdout).toContain('Set DOCUMENT_STORE=s3')
    for (const row of rows) expect((await client.send(new HeadObjectCommand({ Bucket: s3.env.S3_BUCKET, Key: keyOf(row.sha256) }))).ContentLength).toBe(Number(row.size))

    // Without the folder's files the portal on S3 still answers each document byte for byte.
    await rm(join(dataDir, 'documents'), { recursive: true, force: true })
    server = await startTestServer({ dataDir, databaseSchema, keep: true, env: s3.env })
    const staff = await signInSession(server.url, 'staff@demo.portal')
    for (const row of rows.filter((_, index) => index % 20 === 0)) {
      const answer = await fetch(`${server.url}${documentHttpPaths.file(row.id)}`, { headers: { authorization: `Bearer ${staff.token}` } })
      if (answer.status === 403 || answer.status === 404) continue // a company staff does not serve
      expect(sha256(new Uint8Array(await answer.arrayBuffer()))).toBe(row.sha256)
    }
    staff.client.close()
    await server.server.close()
    server = undefined
  })

  it('moves them back into the folder, each file checked by its hash', async () => {
    const back = await runOperation('store-move', ['--to', 'folder'], base)
    expect(back.code, back.stderr).toBe(0)
    expect(back.stdout).toMatch(/Done: \d+ copied .*, 0 already there/)
    for (const row of rows) expect(sha256(await readFile(join(dataDir, 'documents', keyOf(row.sha256))))).toBe(row.sha256)
    const again = await runOperation('store-move', ['--to', 'folder'], base)
    expect(again.stdout).toContain('Done: 0 copied (0.0 MB)')
  })

  it('names what is missing: no --to, or no bucket settings', async () => {
    expect((await runOperation('store-move', [], base)).stderr).toContain('usage: npm run store:move -- --to s3|folder')
    const { S3_BUCKET: _bucket, ...withoutBucket } = base
    const refused = await runOperation('store-move', ['--to', 's3'], withoutBucket)
    expect(refused.code).toBe(1)
    expect(refused.stderr).toContain('S3_BUCKET must name the bucket')
  })
})
