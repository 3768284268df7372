import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase, type Database } from '../db/connect'
import { migrateToLatest } from '../db/migrate'
import { claimJob, completeJob, enqueueJob, failJob, requeueStaleJobs, retryFailedJob } from './queue'
import { startWorkerPool } from './worker'
import { createLogger } from '../logger'

// Runs on the real embedded database (or PostgreSQL with DATABASE_URL, in a fresh schema).
describe('job queue', () => {
  let db: Database
  let dir: string
  const schema = `queue_${Date.now()}_${process.pid}`
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'queue-'))
    db = await openDatabase({ dataDir: dir, databaseUrl: process.env.DATABASE_URL, databaseSchema: schema })
    await migrateToLatest(db.knex)
  }, 60_000)
  afterAll(async () => {
    if (db.engine === 'postgres') await db.knex.raw('drop schema if exists ?? cascade', [schema])
    await db.close()
    await rm(dir, { recursive: true, force: true })
  })

  it('hands each job to one claimer, in order', async () => {
    const a = await enqueueJob(db.knex, 'test-order', { n: 1 })
    const b = await enqueueJob(db.knex, 'test-order', { n: 2 })
    const first = await claimJob(db.knex, ['test-order'], 'w1')
    const second = await claimJob(db.knex, ['test-order'], 'w2')
    expect([first?.id, second?.id]).toEqual([a, b])
    expect(first?.payload).toEqual({ n: 1 })
    expect(await claimJob(db.knex, ['test-order'], 'w3')).toBeNull()
    await completeJob(db.knex, a, 'w1')
    await completeJob(db.knex, b, 'w2')
  })

  it('lets only the holder finish a job: a worker whose lock was taken over changes nothing', async () => {
    const id = await enqueueJob(db.knex, 'test-takeover', {})
    await claimJob(db.knex, ['test-takeover'], 'stalled')
    expect(await requeueStaleJobs(db.knex, 0)).toBe(1)
    expect((await claimJob(db.knex, ['test-takeover'], 'successor'))?.id).toBe(id)
    expect(await completeJob(db.knex, id, 'stalled')).toBe(false)
    expect(await db.knex('jobs').where({ id }).first()).toMatchObject({ state: 'running', locked_by: 'successor' })
    expect(await completeJob(db.knex, id, 'successor')).toBe(true)
  })

  it('retries with back-off, then fails, and can be retried by hand', async () => {
    const id = await enqueueJob(db.knex, 'test-retry', {}, { maxAttempts: 2 })
    const job = await claimJob(db.knex, ['test-retry'])
    expect(await failJob(db.knex, job!, 'boom 1')).toBe('queued')
    // back-off: not due yet
    expect(await claimJob(db.knex, ['test-retry'])).toBeNull()
    await db.knex('jobs').where({ id }).update({ run_at: db.knex.fn.now() })
    const again = await claimJob(db.knex, ['test-retry'])
    expect(again?.attempts).toBe(2)
    expect(await failJob(db.knex, again!, 'boom 2')).toBe('failed')
    const row = await db.knex('jobs').where({ id }).first()
    expect(row.state).toBe('failed')
    expect(row.last_error).toBe('boom 2')
    expect(await retryFailedJob(db.knex, id)).toBe(true)
    expect((await claimJob(db.knex, ['test-retry']))?.id).toBe(id)
    await completeJob(db.knex, id)
  })

  it('requeues a job whose worker died (stale lock)', async () => {
    const id = await enqueueJob(db.knex, 'test-stale', {})
    await claimJob(db.knex, ['test-stale'], 'dead-worker')
    expect(await requeueStaleJobs(db.knex, 60_000)).toBe(0)
    expect(await requeueStaleJobs(db.knex, 0)).toBe(1)
    expect((await claimJob(db.knex, ['test-stale']))?.id).toBe(id)
  })

  it('runs jobs through a worker pool and reports final failures', async () => {
    const seen: number[] = []
    const failed: string[] = []
    const pool = startWorkerPool({
      knex: db.knex,
      logger: createLogger({ logLevel: 'silent' }),
      concurrency: 2,
      pollMs: 20,
      handlers: {
        'test-pool': async (job) => {
          const n = (job.payload as { n: number }).n
          if (n === 3) throw new Error('bad document')
          seen.push(n)
        },
      },
      onFailed: (_job, error) => void failed.push(error),
    })
    for (const n of [1, 2, 3, 4]) await enqueueJob(db.knex, 'test-pool', { n }, { maxAttempts: 1 })
    pool.wake()
    await expect.poll(() => seen.length + failed.length, { timeout: 10_000 }).toBe(4)
    await pool.stop()
    expect(seen.sort()).toEqual([1, 2, 4])
    expect(failed).toEqual(['bad document'])
  })
})
