import { readdir, rm, stat } from 'node:fs/promises'
import { join } from 'node:path'
import type { Knex } from 'knex'
import type { Logger } from '../logger'
import { referencedHashes } from '../models/documents/index'
import { removeUnreferencedFile } from './file-lock'
import { FileDocumentStore, STAGING_DIR } from './store'

/** How old a temporary file must be before another process's sweep takes it (PostgreSQL: others may be uploading). */
const STALE_TEMP_MS = 24 * 60 * 60 * 1000

const HASH = /^[0-9a-f]{64}$/
const SHARD = /^[0-9a-f]{2}$/

/** Props of sweepDocumentStore. */
export interface SweepProps {
  knex: Knex
  dataDir: string
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

async function entries(dir: string) {
  try {
    return await readdir(dir, { withFileTypes: true })
  } catch {
    return []
  }
}

/**
 * Removes, after the server starts, what a crash or a failed upload can leave in the document store: files that no
 * documents row references (deleted rows count as references) and stale temporary files. Each removal is
 * re-checked under the content's lock, so a file another process, or this one, is taking in right now is kept.
 */
export async function sweepDocumentStore(props: SweepProps): Promise<SweepResult> {
  const { knex, engine, logger } = props
  const root = join(props.dataDir, 'documents')
  const store = new FileDocumentStore(root)
  const started = Date.now()
  const result: SweepResult = { orphans: 0, temporaries: 0 }

  const staleBefore = engine === 'postgres' ? started - STALE_TEMP_MS : (props.processStartedAt ?? started)
  const removeIfStale = async (path: string) => {
    // This process's own uploads in flight are younger (embedded) or within the day (PostgreSQL).
    if ((await stat(path)).mtimeMs >= staleBefore) return
    await rm(path, { force: true })
    result.temporaries++
  }

  let candidates: string[] = []
  const checkCandidates = async () => {
    const batch = candidates
    candidates = []
    if (batch.length === 0) return
    const known = await referencedHashes(knex, batch)
    for (const sha256 of batch) {
      if (!known.has(sha256) && (await removeUnreferencedFile(knex, store, sha256))) result.orphans++
    }
  }

  for (const entry of await entries(join(root, STAGING_DIR))) {
    if (entry.isFile() && entry.name.endsWith('.tmp')) await removeIfStale(join(root, STAGING_DIR, entry.name))
  }
  for (const shard of await entries(root)) {
    if (!shard.isDirectory() || !SHARD.test(shard.name)) continue
    for (const subShard of await entries(join(root, shard.name))) {
      if (!subShard.isDirectory() || !SHARD.test(subShard.name)) continue
      const dir = join(root, shard.name, subShard.name)
      for (const file of await entries(dir)) {
        if (!file.isFile()) continue
        if (HASH.test(file.name)) candidates.push(file.name)
        else if (file.name.startsWith('.') && file.name.endsWith('.tmp')) await removeIfStale(join(dir, file.name))
        if (candidates.length >= 500) await checkCandidates()
      }
    }
  }
  await checkCandidates()

  const ms = Date.now() - started
  if (result.orphans > 0 || result.temporaries > 0) {
    logger.info({ ...result, ms }, `document store swept: removed ${result.orphans} files without a document row and ${result.temporaries} temporary files`)
  } else {
    logger.debug({ ms }, 'document store swept: nothing to remove')
  }
  return result
}
