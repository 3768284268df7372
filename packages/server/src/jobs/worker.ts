import type { Knex } from 'knex'
import type { Logger } from '../logger'
import { claimJob, completeJob, failJob, heartbeatJob, requeueStaleJobs, type Job } from './queue'

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

  const runOne = async (job: Job) => {
    const beat = setInterval(() => void heartbeatJob(knex, job.id).catch(() => undefined), 15_000)
    try {
      await handlers[job.kind](job)
      await completeJob(knex, job.id)
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error)
      const state = await failJob(knex, job, message)
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
    void requeueStaleJobs(knex)
      .then((count) => {
        if (count > 0) {
          logger.info({ count }, 'requeued abandoned jobs')
          wake()
        }
      })
      .catch(() => undefined)
  }, 30_000)
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
