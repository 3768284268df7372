import { hostname } from 'node:os'
import { randomBytes } from 'node:crypto'
import type { Knex } from 'knex'
import { currentRequestId } from '../observability/request-context'

/** A queued unit of work as stored in the `jobs` table. */
export interface Job<P = unknown> {
  id: number
  kind: string
  payload: P
  state: 'queued' | 'running' | 'done' | 'failed'
  attempts: number
  max_attempts: number
  last_error: string | null
  /** The request id of the call that queued it (its log lines carry it on, on whichever instance runs it). */
  request_id: string | null
}

/** Options of a new job. */
export interface EnqueueOptions {
  maxAttempts?: number
  /** Delay before the first run, in ms. */
  delayMs?: number
}

/** Back-off before retry n (1-based): 2 s, 8 s, 32 s, … capped at 10 minutes. */
export function retryDelayMs(attempt: number): number {
  return Math.min(2000 * 4 ** (attempt - 1), 600_000)
}

/** A running job's lock older than this is considered abandoned (its process died) and is taken again. */
export const STALE_LOCK_MS = 60_000

/** Identity of this process as a queue worker, visible in `jobs.locked_by`. */
export const workerId = `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`

/** Adds a job, under the request id of the call that queues it; resolves with its id. Works inside a transaction when `knex` is one. */
export async function enqueueJob(knex: Knex, kind: string, payload: unknown, options: EnqueueOptions = {}): Promise<number> {
  const [row] = await knex('jobs')
    .insert({
      kind,
      payload: JSON.stringify(payload),
      max_attempts: options.maxAttempts ?? 3,
      request_id: currentRequestId() ?? null,
      run_at: knex.raw(`now() + (? * interval '1 millisecond')`, [options.delayMs ?? 0]),
    })
    .returning('id')
  return Number(row.id)
}

/** Claims the next due job of the given kinds, or null. SKIP LOCKED lets several processes share the queue. */
export async function claimJob(knex: Knex, kinds: string[], lockedBy = workerId): Promise<Job | null> {
  const result = await knex.raw(
    `update jobs set state = 'running', locked_at = now(), locked_by = ?, attempts = attempts + 1
      where id = (
        select id from jobs
         where state = 'queued' and run_at <= now() and kind = any(?)
         order by run_at, id
         for update skip locked
         limit 1)
      returning id, kind, payload, state, attempts, max_attempts, last_error, request_id`,
    [lockedBy, kinds],
  )
  const row = result.rows[0]
  if (!row) return null
  return { ...row, id: Number(row.id), payload: typeof row.payload === 'string' ? JSON.parse(row.payload) : row.payload }
}

/**
 * Marks a claimed job done, if this worker still holds it; answers whether it did. A worker whose lock was taken over
 * (it gave no sign of life for the lock timeout) does not overwrite what the new holder does.
 */
export async function completeJob(knex: Knex, id: number, lockedBy = workerId): Promise<boolean> {
  const count = await knex('jobs').where({ id, state: 'running', locked_by: lockedBy }).update({ state: 'done', finished_at: knex.fn.now(), locked_at: null, locked_by: null })
  return count > 0
}

/** Records a failure: requeues with back-off while attempts remain, else marks it failed. Returns the new state. */
export async function failJob(knex: Knex, job: Job, error: string, lockedBy = workerId): Promise<'queued' | 'failed'> {
  const retry = job.attempts < job.max_attempts
  await knex('jobs')
    .where({ id: job.id, state: 'running', locked_by: lockedBy })
    .update({
      state: retry ? 'queued' : 'failed',
      last_error: error.slice(0, 4000),
      locked_at: null,
      locked_by: null,
      run_at: retry ? knex.raw(`now() + (? * interval '1 millisecond')`, [retryDelayMs(job.attempts)]) : knex.fn.now(),
      finished_at: retry ? null : knex.fn.now(),
    })
  return retry ? 'queued' : 'failed'
}

/** Keeps a running job's lock fresh so other workers don't take it as abandoned. */
export async function heartbeatJob(knex: Knex, id: number, lockedBy = workerId): Promise<void> {
  await knex('jobs').where({ id, state: 'running', locked_by: lockedBy }).update({ locked_at: knex.fn.now() })
}

/** Requeues running jobs whose lock went stale (their process was killed); returns how many. */
export async function requeueStaleJobs(knex: Knex, staleMs = STALE_LOCK_MS): Promise<number> {
  return knex('jobs')
    .where({ state: 'running' })
    .andWhere('locked_at', '<', knex.raw(`now() - (? * interval '1 millisecond')`, [staleMs]))
    .update({ state: 'queued', locked_at: null, locked_by: null, run_at: knex.fn.now() })
}

/** Puts a failed job back in the queue with fresh attempts (the "retry" action in the UI). */
export async function retryFailedJob(knex: Knex, id: number): Promise<boolean> {
  const count = await knex('jobs')
    .where({ id, state: 'failed' })
    .update({ state: 'queued', attempts: 0, run_at: knex.fn.now(), last_error: null, finished_at: null })
  return count > 0
}
