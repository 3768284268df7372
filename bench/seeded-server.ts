import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Knex } from 'knex'
import type { PortalClient } from '../packages/sdk/src/client/index'
import { openDatabase } from '../packages/server/src/db/connect'
import { migrateToLatest } from '../packages/server/src/db/migrate'
import { seedDemoData } from '../packages/server/src/db/seed-demo'
import { createLogger } from '../packages/server/src/logger'
import { freePort } from '../tests/support/server'
import { signIn } from '../tests/support/tokens'
import { connect, spawnServer, type ServerProcess } from './server-process'

/** What a bench measures against: the server process, a signed-in socket client and that user's identity token. */
export interface BenchSession {
  server: ServerProcess
  client: PortalClient
  idToken: string
}

export interface SeededServerOptions<S> {
  /** Names the temporary data dir (`portal-bench-<name>-…`). */
  name: string
  /** The demo user `work` is signed in as. */
  email: string
  /** Extra environment of the server process. */
  env?: Record<string, string>
  /** Fills the database after the demo data, before the server starts; its answer is handed to `work`. */
  seed?: (knex: Knex, dataDir: string) => Promise<S>
}

/**
 * Runs `work` against the built server in its own process over a fresh embedded database (migrated, demo data, then
 * `seed`; the database is closed again before the server opens it). The client, the server and the data dir are
 * stopped and removed afterwards, also when `work` fails.
 */
export async function withSeededServer<S, T>(options: SeededServerOptions<S>, work: (session: BenchSession, seeded: S) => Promise<T>): Promise<T> {
  const dataDir = await mkdtemp(join(tmpdir(), `portal-bench-${options.name}-`))
  try {
    const db = await openDatabase({ dataDir, databaseUrl: undefined, databaseSchema: undefined })
    let seeded: S
    try {
      await migrateToLatest(db.knex)
      await seedDemoData(db.knex, createLogger({ logLevel: 'silent' }))
      seeded = (await options.seed?.(db.knex, dataDir)) as S
    } finally {
      await db.close()
    }
    const server = await spawnServer(dataDir, await freePort(), options.env)
    try {
      const { idToken } = await signIn(server.url, options.email, 'portal-demo')
      const client = await connect(server.url, idToken)
      try {
        return await work({ server, client, idToken }, seeded)
      } finally {
        client.close()
      }
    } finally {
      await server.stop()
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true })
  }
}
