import type { Application } from '../declarations'
import { startWorkerPool, type WorkerPool } from '../jobs/worker'
import { EXTRACT_JOB, extractJobHandler, type ExtractJobPayload } from './extract-job'
import { toDocumentRecord } from './record'
import { emitDocumentEvent } from './events'

/** Starts this process's extraction workers; a finally failed job marks its document failed, live. */
export function startExtractionWorkers(app: Application, concurrency: number): WorkerPool {
  const knex = app.get('knex')
  return startWorkerPool({
    knex,
    logger: app.get('logger'),
    concurrency,
    handlers: { [EXTRACT_JOB]: extractJobHandler(app) },
    onFailed: async (job, error) => {
      const { documentId } = job.payload as ExtractJobPayload
      const [row] = await knex('documents')
        .where({ id: documentId })
        .update({ processing_state: 'failed', processing_error: error.slice(0, 1000), updated_at: knex.fn.now() })
        .returning('*')
      if (row) emitDocumentEvent(app, 'patched', toDocumentRecord(row))
    },
  })
}
