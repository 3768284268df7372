import type { Application } from '../declarations'
import { importFonFile } from '../commands/importFonFile'
import { finishFonImport } from '../models/fon-imports'
import { FON_IMPORT_JOB, type FonImportJobPayload } from './kinds'
import { startWorkerPool, type WorkerPool } from './worker'

const pools = new WeakMap<Application, WorkerPool>()

/**
 * Starts this process's FON import worker: one at a time, since each import replaces a whole side and reconciles
 * every item. A job that finally fails marks its import failed (the screen then shows the stale-data note).
 */
export function startFonImportWorkers(app: Application): WorkerPool {
  const knex = app.get('knex')
  const pool = startWorkerPool({
    knex,
    logger: app.get('logger'),
    lockTimeoutMs: app.get('config').jobLockTimeoutMs,
    concurrency: 1,
    handlers: {
      [FON_IMPORT_JOB]: async (job) => {
        await importFonFile({ app, importId: (job.payload as FonImportJobPayload).importId })
      },
    },
    onFailed: async (job) => {
      const failed = await finishFonImport(knex, (job.payload as FonImportJobPayload).importId, { state: 'failed', error: 'fon:errors.jobFailed' })
      if (failed) app.service('fon-imports').emit('patched', failed)
    },
  })
  pools.set(app, pool)
  return pool
}

/** Wakes the FON import worker at once after an enqueue (else it finds the job at its next poll). */
export function wakeFonImportWorkers(app: Application): void {
  pools.get(app)?.wake()
}
