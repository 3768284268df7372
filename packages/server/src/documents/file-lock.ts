import type { Knex } from 'knex'
import { isHashReferenced } from '../models/documents/index'
import type { DocumentStore } from './store'

/** First key of our advisory locks on document files ('docf'), apart from any other advisory lock. */
const FILE_LOCK_CLASS = 0x646f6366

/**
 * Takes a transaction-scoped advisory lock on a file's content hash (in PostgreSQL and PGlite alike), so
 * putting a file in place with its row and deciding that a file has no row never interleave, across
 * server processes too. Hashes sharing the first 32 bits share a lock, which only serialises them.
 */
export async function lockFileHash(trx: Knex.Transaction, sha256: string): Promise<void> {
  await trx.raw('select pg_advisory_xact_lock(?::int4, ?::int4)', [FILE_LOCK_CLASS, lockKey(sha256)])
}

/** lockFileHash for many files in one query (a seed putting hundreds of files in one transaction). */
export async function lockFileHashes(trx: Knex.Transaction, hashes: readonly string[]): Promise<void> {
  if (hashes.length === 0) return
  await trx.raw('select pg_advisory_xact_lock(?::int4, key) from unnest(?::int4[]) as key', [FILE_LOCK_CLASS, hashes.map(lockKey)])
}

const lockKey = (sha256: string): number => Number.parseInt(sha256.slice(0, 8), 16) | 0

/** Removes a stored file unless a documents row (deleted ones included) references it; answers whether it did. */
export async function removeUnreferencedFile(knex: Knex, store: DocumentStore, sha256: string): Promise<boolean> {
  return knex.transaction(async (trx) => {
    await lockFileHash(trx, sha256)
    if (await isHashReferenced(trx, sha256)) return false
    await store.remove(sha256)
    return true
  })
}
