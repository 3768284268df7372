import { SvImportError } from '@portal/sdk/domain'
import type { Application } from '../declarations'
import { importSvFile } from '../commands/importSvFile'
import { finishSvImport } from '../models/sv-imports'
import { SV_IMPORT_JOB, type SvImportJobPayload } from './kinds'
import { startWorkerPool, type WorkerPool } from './worker'

const pools = new WeakMap<Application, WorkerPool>()

/**
 * Starts this process's contribution-account import worker (one at a time). A job that fails marks its import
 * failed, with the broken row when the file no longer passes its checks; the screen then shows the stale-data note.
 */
export function startSvImportWorkers(app: Application): WorkerPool {
  const knex = app.get('knex')
  const pool = startWorkerPool({
    knex,
    logger: app.get('logger'),
    lockTimeoutMs: app.get('config').jobLockTimeoutMs,
    concurrency: 1,
    handlers: {
      [SV_IMPORT_JOB]: async (job) => {
        const importId = (job.payload as SvImportJobPayload).importId
        try {
          await importSvFile({ app, importId })
        } catch (error) {
          if (!(error instanceof SvImportError)) throw error
          const failed = await finishSvImport(knex, importId, { state: 'failed', error: 'admin:sv.errors.jobFailed', problem: error.problem })
          if (failed) app.service('sv-imports').emit('patched', failed)
        }
      },
    },
    onFailed: async (job) => {
      const failed = await finishSvImport(knex, (job.payload as SvImportJobPayload).importId, { state: 'failed', error: 'admin:sv.errors.jobFailed' })
      if (failed) app.service('sv-imports').emit('patched', failed)
    },
  })
  pools.set(app, pool)
  return pool
}

/** Wakes the import worker at once after an enqueue. */
export function wakeSvImportWorkers(app: Application): void {
  pools.get(app)?.wake()
}
