import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { randomBytes } from 'node:crypto'
import { openDatabase, type Database } from '../db/connect'
import { migrateToLatest } from '../db/migrate'

/** A migrated database for unit tests: embedded in a temp dir, or a fresh schema with DATABASE_URL. */
export async function openTestDatabase(): Promise<Database & { dispose(): Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), 'oidc-'))
  const schema = `oidc_${randomBytes(5).toString('hex')}`
  const db = await openDatabase({ dataDir: dir, databaseUrl: process.env.DATABASE_URL, databaseSchema: schema })
  await migrateToLatest(db.knex)
  return {
    ...db,
    dispose: async () => {
      if (db.engine === 'postgres') await db.knex.raw('drop schema if exists ?? cascade', [schema])
      await db.close()
      await rm(dir, { recursive: true, force: true })
    },
  }
}
