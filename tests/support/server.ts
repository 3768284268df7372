import { mkdtemp, rm } from 'node:fs/promises'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { randomBytes } from 'node:crypto'
import knexFactory, { type Knex } from 'knex'
import { loadConfig } from '../../packages/server/src/config'
import { startServer, type RunningServer } from '../../packages/server/src/server'
import type { Logger } from '../../packages/server/src/logger'
import { copyEmptyCluster } from './empty-cluster'

/** Options of startTestServer; everything defaults to a fresh, isolated server. */
export interface TestServerOptions {
  /** Reuse a data dir (e.g. to test a restart); it is then kept on close unless `keep` is false. */
  dataDir?: string
  /** Reuse a PostgreSQL schema (with DATABASE_URL); kept on close like dataDir. */
  databaseSchema?: string
  /** Keep the data dir / schema on close so a second server can start on it. */
  keep?: boolean
  /** Demo data (default on). */
  demo?: boolean
  /** Listen on this port (e.g. the previous server's, to restart under the same issuer); default a free one. */
  port?: number
  /** Extra environment variables, applied last. */
  env?: Record<string, string>
  /** The server's logger (e.g. one writing into the test's own stream); default one on stdout at LOG_LEVEL. */
  logger?: Logger
}

/** A real portal server started in-process for a test. */
export interface TestServer {
  /** Public URL, e.g. http://127.0.0.1:40123 */
  url: string
  /** Issuer of the embedded identity provider. */
  issuer: string
  port: number
  server: RunningServer
  knex: Knex
  dataDir: string
  /** The PostgreSQL schema in use, when DATABASE_URL is set. */
  databaseSchema: string | undefined
  /** Stops the server and removes its data dir / schema (unless kept). */
  close(): Promise<void>
}

/** A free TCP port on 127.0.0.1: listen on port 0, read it, close. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address()
      const port = typeof address === 'object' && address ? address.port : 0
      probe.close(() => resolve(port))
    })
  })
}

/** Starts the real server (real database, real provider, real sockets) on a free port with a fresh data dir. */
export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const port = options.port ?? (await freePort())
  const url = `http://127.0.0.1:${port}`
  const ownDataDir = options.dataDir === undefined
  const dataDir = options.dataDir ?? (await mkdtemp(join(tmpdir(), 'portal-test-')))
  const databaseUrl = process.env.DATABASE_URL || undefined
  const ownSchema = databaseUrl !== undefined && options.databaseSchema === undefined
  const databaseSchema = databaseUrl
    ? (options.databaseSchema ?? `test_${randomBytes(6).toString('hex')}`)
    : undefined
  const env: NodeJS.ProcessEnv = {
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: url,
    DATA_DIR: dataDir,
    PORTAL_DEMO: options.demo === false ? '0' : '1',
    // The demo ledger (booked documents of 1001 and 1002) only where a test asks for it: others count documents.
    PORTAL_DEMO_LEDGER: '0',
    // Nor the demo admin's activity on the admin screens (bank accesses, imports, addresses): tests start from none.
    PORTAL_DEMO_SCREENS: '0',
    LOG_LEVEL: 'warn',
    // No online VAT id check unless a test points VIES_URL at its own server.
    VIES_URL: 'off',
    // No built web app in tests unless one asks for it: the API and the provider are what is tested.
    WEB_DIR: join(dataDir, 'no-web'),
    ...(databaseUrl ? { DATABASE_URL: databaseUrl, DATABASE_SCHEMA: databaseSchema } : {}),
    ...options.env,
  }
  const config = loadConfig(env)
  // A fresh embedded database starts from a copy of an initialised empty cluster (see empty-cluster.ts).
  if (ownDataDir && !config.databaseUrl && config.dataDir === dataDir) await copyEmptyCluster(join(dataDir, 'pgdata'))
  const server = await startServer(config, options.logger)
  const keep = options.keep ?? !ownDataDir
  return {
    url,
    issuer: config.issuer,
    port: server.port,
    server,
    knex: server.db.knex,
    dataDir,
    databaseSchema,
    close: async () => {
      await server.close()
      if (keep) return
      if (ownDataDir || options.keep === false) await rm(dataDir, { recursive: true, force: true })
      if (databaseUrl && databaseSchema && (ownSchema || options.keep === false)) {
        const admin = knexFactory({ client: 'pg', connection: databaseUrl, pool: { min: 0, max: 1 } })
        try {
          await admin.raw(`drop schema if exists "${databaseSchema}" cascade`)
        } finally {
          await admin.destroy()
        }
      }
    },
  }
}
