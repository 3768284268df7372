import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { randomBytes } from 'node:crypto'
import knexFactory, { type Knex } from 'knex'
import { loadConfig } from '../../packages/server/src/config'
import { startServer, type RunningServer } from '../../packages/server/src/server'
import type { Logger } from '../../packages/server/src/logger'
import { copyEmptyCluster } from './empty-cluster'
import { copyStartedDataDir } from './started-cluster'
import { freePort } from './free-port'
import { createBucket } from './radosgw'

export { freePort }

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

export const S3_VARIABLES = ['DOCUMENT_STORE', 'S3_ENDPOINT', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_FORCE_PATH_STYLE'] as const

/** The bucket of a test data dir on the S3 pass's radosgw: made with the data dir, named in a file inside it. */
export async function testBucket(env: NodeJS.ProcessEnv, dataDir: string): Promise<string> {
  const file = join(dataDir, 'test-bucket')
  const known = await readFile(file, 'utf8').catch(() => undefined)
  if (known) return known
  const bucket = `portal-test-${randomBytes(6).toString('hex')}`
  await createBucket(env, bucket)
  await mkdir(dataDir, { recursive: true })
  await writeFile(file, bucket)
  return bucket
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
  // The S3 pass of .ci/run (scripts/with-radosgw.ts) names a radosgw: each data dir gets a bucket of its own there,
  // which a server restarted on that data dir finds again.
  if (process.env.DOCUMENT_STORE === 's3' && options.env?.DOCUMENT_STORE === undefined) {
    for (const name of S3_VARIABLES) env[name] = process.env[name]
    env.S3_BUCKET = await testBucket(env, dataDir)
  }
  const config = loadConfig(env)
  // A fresh embedded database starts from a copy of the run's migrated and seeded data dir for the same settings
  // (started-cluster.ts), else of an initialised empty cluster (empty-cluster.ts). Not on S3: the documents of a
  // template would sit in another server's bucket; nor for a test that reads the start's own log.
  if (ownDataDir && !config.databaseUrl && config.dataDir === dataDir) {
    const copied = env.DOCUMENT_STORE !== 's3' && !options.logger && (await copyStartedDataDir(dataDir, env, startAndClose))
    if (!copied) await copyEmptyCluster(join(dataDir, 'pgdata'))
  }
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

/** Migrates and seeds a fresh data dir with `env` by starting a server on it once (a template of started-cluster.ts). */
async function startAndClose(dataDir: string, env: NodeJS.ProcessEnv): Promise<void> {
  await copyEmptyCluster(join(dataDir, 'pgdata'))
  const port = await freePort()
  const url = `http://127.0.0.1:${port}`
  const server = await startServer(loadConfig({ ...env, PORT: String(port), PUBLIC_URL: url, DATA_DIR: dataDir, WEB_DIR: join(dataDir, 'no-web') }))
  await server.close()
}
