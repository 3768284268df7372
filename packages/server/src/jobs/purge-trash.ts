import { TRASH_RETENTION_DAYS } from '@portal/sdk/domain'
import type { Application } from '../declarations'
import { purgeDocument } from '../commands/purgeDocument'
import { retainedInTrash, trashedBefore } from '../models/documents/index'
import { runPeriodically } from './periodic'

const DAY_MS = 24 * 60 * 60 * 1000

/** How often the retention purge looks for expired documents. */
export const PURGE_INTERVAL_MS = 60 * 60 * 1000

/** Options of purgeExpiredTrash. */
export interface PurgeExpiredTrashOptions {
  app: Application
  /** The clock (a test sets it to day 29 or 30 after a deletion). */
  now?: () => Date
  retentionDays?: number
  /** Most documents purged in one run (the next run continues). */
  limit?: number
}

/**
 * The trash retention (SPEC §2, §9): purges every document deleted at least TRASH_RETENTION_DAYS (30) days before
 * `now` (file unless shared, pages, candidates, search text; the history stays). Answers the purged ids. A document
 * someone restored or another server purged meanwhile is skipped, and so is every document that was booked: booked
 * records are kept at least seven years (BAO § 132), which the log says once a run.
 */
export async function purgeExpiredTrash(options: PurgeExpiredTrashOptions): Promise<number[]> {
  const { app } = options
  const now = (options.now ?? (() => new Date()))()
  const cutoff = new Date(now.getTime() - (options.retentionDays ?? TRASH_RETENTION_DAYS) * DAY_MS)
  const purged: number[] = []
  const retained = await retainedInTrash(app.get('knex'), cutoff)
  if (retained > 0) app.get('logger').info({ retained }, `trash retention: ${retained} trashed documents were booked and are kept (BAO § 132: at least seven years)`)
  for (const documentId of await trashedBefore(app.get('knex'), cutoff, options.limit ?? 500)) {
    try {
      await purgeDocument({ app, documentId })
      purged.push(documentId)
    } catch (error) {
      app.get('logger').warn({ err: error, documentId }, 'purging an expired trashed document failed; the next run tries again')
    }
  }
  return purged
}

/** Runs the retention purge now and every PURGE_INTERVAL_MS until the returned stop is called. */
export function schedulePurgeTrash(app: Application, intervalMs = PURGE_INTERVAL_MS): () => void {
  return runPeriodically(app, { intervalMs, work: () => purgeExpiredTrash({ app }), failure: 'the trash retention purge failed' })
}
