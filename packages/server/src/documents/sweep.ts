import type { Knex } from 'knex'
import type { Logger } from '../logger'
import { referencedHashes } from '../models/documents/index'
import { removeUnreferencedFile } from './file-lock'
import type { DocumentStore } from './store'

/** How old a temporary file must be before another process's sweep takes it (PostgreSQL: others may be uploading). */
const STALE_TEMP_MS = 24 * 60 * 60 * 1000

/** Props of sweepDocumentStore. */
export interface SweepProps {
  knex: Knex
  /** The server's document store: its folder, or its bucket. */
  store: DocumentStore
  /**
   * Embedded: this process holds the data-dir lock, so every temporary file older than `processStartedAt` was left by
   * an earlier process and is stale; PostgreSQL: other instances may be uploading, so only day-old ones are.
   */
  engine: 'pglite' | 'postgres'
  /** When this process started (ms since the epoch); the sweep may run while it serves. Default: the sweep's start. */
  processStartedAt?: number
  logger: Logger
}

/** What a sweep removed. */
export interface SweepResult {
  orphans: number
  temporaries: number
}

/**
 * Removes, after the server starts, what a crash or a failed upload can leave in the document store (folder or
 * bucket): files that no documents row references (deleted rows count as references) and stale temporary files or
 * unfinished multipart uploads. Each removal is re-checked under the content's lock, so a file another process, or
 * this one, is taking in right now is kept.
 */
export async function sweepDocumentStore(props: SweepProps): Promise<SweepResult> {
  const { knex, engine, logger, store } = props
  const started = Date.now()
  const result: SweepResult = { orphans: 0, temporaries: 0 }
  const staleBefore = engine === 'postgres' ? started - STALE_TEMP_MS : (props.processStartedAt ?? started)
  result.temporaries = await store.sweepTemporaries(staleBefore)
  for await (const files of store.list()) {
    const batch = files.map((file) => file.sha256)
    const known = await referencedHashes(knex, batch)
    for (const sha256 of batch) {
      if (!known.has(sha256) && (await removeUnreferencedFile(knex, store, sha256))) result.orphans++
    }
  }
  const ms = Date.now() - started
  if (result.orphans > 0 || result.temporaries > 0) {
    logger.info({ ...result, ms, store: store.location }, `document store swept: removed ${result.orphans} files without a document row and ${result.temporaries} temporary files`)
  } else {
    logger.debug({ ms }, 'document store swept: nothing to remove')
  }
  return result
}
