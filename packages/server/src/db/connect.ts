import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import knexFactory, { type Knex } from 'knex'
import ClientPgLite from 'knex-pglite'
import type { ServerConfig } from '../config'
import { lockDataDir } from './data-dir-lock'
import { openPgliteThread } from './pglite-thread/client'

export { DataDirLockedError } from './data-dir-lock'

/** An open database: the knex instance, which engine it runs on, and how to close it. */
export interface Database {
  knex: Knex
  engine: 'pglite' | 'postgres'
  /** Embedded only: the data dir as a gzipped tar, consistent as of the last commit (`npm run backup`). */
  dumpDataDir?(): Promise<Uint8Array>
  close(): Promise<void>
}

// pg hands numeric and bigint back as strings; money stays exact that way (never a float).

/**
 * Opens PostgreSQL when DATABASE_URL is set, else the embedded PGlite under DATA_DIR (locked to this process), which
 * runs in its own thread so its queries never hold the server's event loop.
 */
export async function openDatabase(config: Pick<ServerConfig, 'databaseUrl' | 'dataDir' | 'databaseSchema'>): Promise<Database> {
  if (config.databaseUrl) {
    const schema = config.databaseSchema
    if (schema) {
      const setup = knexFactory({ client: 'pg', connection: config.databaseUrl, pool: { min: 0, max: 1 } })
      await setup.raw(`create schema if not exists "${schema}"`)
      await setup.destroy()
    }
    const knex = knexFactory({
      client: 'pg',
      connection: config.databaseUrl,
      searchPath: schema ? [schema, 'public'] : undefined,
      pool: {
        min: 0,
        max: 10,
        // The portal's queries are short: JIT compiling them (on by default from PostgreSQL 12) added ~50 ms to a badge
        // count over a large client's 50,000 documents while saving nothing, and starting parallel workers for that count
        // took 180–245 ms instead of 14–32 ms without them on a busy machine (docs/operations.md).
        afterCreate: (connection: { query(sql: string, done: (error: Error | null) => void): void }, done: (error: Error | null, connection: unknown) => void) =>
          connection.query('set jit = off; set max_parallel_workers_per_gather = 0', (error) => done(error, connection)),
      },
    })
    await knex.raw('select 1')
    return { knex, engine: 'postgres', close: () => knex.destroy() }
  }
  mkdirSync(config.dataDir, { recursive: true })
  const release = await lockDataDir(config.dataDir)
  const thread = openPgliteThread(join(config.dataDir, 'pgdata'))
  const knex = knexFactory({
    client: ClientPgLite as unknown as Knex.Config['client'],
    dialect: 'postgres',
    connection: { pglite: thread },
  } as Knex.Config)
  try {
    await knex.raw('select 1')
  } catch (error) {
    await thread.close()
    await release()
    throw error
  }
  return {
    knex,
    engine: 'pglite',
    dumpDataDir: () => thread.dump(),
    close: async () => {
      await knex.destroy()
      await release()
    },
  }
}
