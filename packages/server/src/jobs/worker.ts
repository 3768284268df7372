import type { Knex } from 'knex'
import type { Logger } from '../logger'
import { observe } from '../observability/metrics'
import { newRequestId, withRequestId } from '../observability/request-context'
import { claimJob, completeJob, failJob, heartbeatJob, requeueStaleJobs, STALE_LOCK_MS, type Job } from './queue'

/** Runs one job; throwing fails the attempt (retried with back-off until max_attempts). */
export type JobHandler = (job: Job) => Promise<void>

/** Options of a worker pool. */
export interface WorkerPoolOptions {
  knex: Knex
  logger: Logger
  handlers: Record<string, JobHandler>
  concurrency: number
  /** Poll interval when idle, ms; `wake()` short-cuts it after an enqueue. */
  pollMs?: number
  /**
   * A running job whose lock is older than this is taken as abandoned (its instance died) and run again by whichever
   * instance finds it first (default STALE_LOCK_MS, JOB_LOCK_TIMEOUT_SECONDS); the lock is refreshed at a quarter of it.
   */
  lockTimeoutMs?: number
  /** Called when a job has finally failed (after its last attempt). */
  onFailed?: (job: Job, error: string) => Promise<void> | void
}

/** A pool of in-process workers draining the database queue. */
export interface WorkerPool {
  /** Wakes idle workers at once (call after enqueueing). */
  wake(): void
  /** Stops claiming, waits for running jobs to finish. */
  stop(): Promise<void>
}

/** Starts `concurrency` loops that claim and run jobs until stopped. */
export function startWorkerPool(options: WorkerPoolOptions): WorkerPool {
  const { knex, logger, handlers, concurrency } = options
  const pollMs = options.pollMs ?? 1000
  const lockTimeoutMs = options.lockTimeoutMs ?? STALE_LOCK_MS
  const kinds = Object.keys(handlers)
  let stopped = false
  const sleepers = new Set<() => void>()
  const wake = () => {
    for (const resolve of sleepers) resolve()
    sleepers.clear()
  }
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        sleepers.delete(done)
        resolve()
      }, ms)
      const done = () => {
        clearTimeout(timer)
        resolve()
      }
      sleepers.add(done)
    })

  // A job runs under the request id of the call that queued it, so its log lines join that call's, on any instance.
  const runOne = (job: Job) => withRequestId(job.request_id ?? newRequestId(), () => runUnderId(job))
  const runUnderId = async (job: Job) => {
    const beat = setInterval(() => void heartbeatJob(knex, job.id).catch(() => undefined), lockTimeoutMs / 4)
    const started = performance.now()
    const seconds = () => (performance.now() - started) / 1000
    logger.info({ job: job.id, kind: job.kind, attempt: job.attempts }, 'job started')
    try {
      await handlers[job.kind](job)
      const kept = await completeJob(knex, job.id)
      observe.job(job.kind, 'done', seconds())
      // Taken over meanwhile (this instance stalled past the lock timeout): the other holder's outcome stands.
      logger.info({ job: job.id, kind: job.kind, ms: Math.round(seconds() * 1000), ...(kept ? {} : { takenOver: true }) }, 'job done')
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error)
      const state = await failJob(knex, job, message)
      observe.job(job.kind, state === 'queued' ? 'retry' : 'failed', seconds())
      logger.warn({ job: job.id, kind: job.kind, attempt: job.attempts, state, err: message }, 'job failed')
      if (state === 'failed') await options.onFailed?.(job, message)
    } finally {
      clearInterval(beat)
    }
  }

  const loop = async () => {
    while (!stopped) {
      let job: Job | null = null
      try {
        job = await claimJob(knex, kinds)
      } catch (error) {
        if (!stopped) logger.error({ err: error }, 'job claim failed')
      }
      if (job) await runOne(job)
      else if (!stopped) await sleep(pollMs)
    }
  }

  const staleSweep = setInterval(() => {
    void requeueStaleJobs(knex, lockTimeoutMs)
      .then((count) => {
        if (count > 0) {
          logger.info({ count }, 'requeued abandoned jobs')
          wake()
        }
      })
      .catch(() => undefined)
  }, lockTimeoutMs / 2)
  const loops = kinds.length === 0 ? [] : Array.from({ length: concurrency }, () => loop())
  return {
    wake,
    stop: async () => {
      stopped = true
      clearInterval(staleSweep)
      wake()
      await Promise.all(loops)
    },
  }
}
