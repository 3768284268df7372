import { execFile } from 'node:child_process'
import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { promisify } from 'node:util'
import knexFactory from 'knex'
import type { ServerConfig } from '../config'
import { lockDataDir } from '../db/data-dir-lock'
import { copyStoreFiles, megabytes } from '../documents/copy-files'
import { createDocumentStore } from '../documents/runtime'
import { S3DocumentStore } from '../documents/s3-store'
import { FileDocumentStore, type DocumentStore } from '../documents/store'
import { FILES_DIR, MANIFEST, type BackupManifest } from './backup'

const run = promisify(execFile)

/** A restore that would overwrite or mix with what is there, or a folder that is no backup: nothing was changed. */
export class RestoreRefused extends Error {
  override name = 'RestoreRefused'
}

/** Props of restoreInstallation. */
export interface RestoreProps {
  config: ServerConfig
  dir: string
  say: (line: string) => void
}

/**
 * `npm run restore -- DIR`: puts a backup into the empty database and document store of this environment (DATA_DIR,
 * or DATABASE_URL/DATABASE_SCHEMA, and DOCUMENT_STORE), refusing one that holds anything. The files go first, then the
 * database, so no restored row lacks its file; start the portal afterwards.
 */
export async function restoreInstallation(props: RestoreProps): Promise<void> {
  const { config, dir, say } = props
  const manifest = await readManifest(dir)
  const engine = config.databaseUrl ? 'postgres' : 'pglite'
  if (manifest.engine !== engine) {
    throw new RestoreRefused(`${dir} holds a ${manifest.engine === 'pglite' ? 'embedded (PGlite)' : 'PostgreSQL'} database; this environment uses ${engine === 'pglite' ? 'the embedded one (no DATABASE_URL)' : 'PostgreSQL (DATABASE_URL)'}.`)
  }
  const store = createDocumentStore(config)
  // Embedded: the data dir's lock keeps a portal from starting on it while it is filled.
  const release = engine === 'pglite' ? await lockDataDir(config.dataDir) : undefined
  try {
    await refuseUnlessEmpty(config, store)
    const result = await copyStoreFiles({ from: new FileDocumentStore(join(dir, FILES_DIR)), to: store })
    if (result.failed.length > 0) {
      for (const failure of result.failed) say(`  ${failure.sha256}: ${failure.reason}`)
      throw new Error(`${result.failed.length} document files could not be restored; the database was not restored`)
    }
    say(`Document files into ${store.location}: ${result.copied} (${megabytes(result.bytes)}).`)
    if (engine === 'pglite') await restorePglite(config, join(dir, manifest.database))
    else await restorePostgres(config, join(dir, manifest.database), manifest.schema ?? 'public')
    say(`Database (${engine}) restored from ${manifest.database} of ${manifest.createdAt}. Start the portal.`)
  } finally {
    if (store instanceof S3DocumentStore) await store.close()
    await release?.()
  }
}

async function readManifest(dir: string): Promise<BackupManifest> {
  const text = await readFile(join(dir, MANIFEST), 'utf8').catch(() => undefined)
  if (!text) throw new RestoreRefused(`${dir} is no complete backup: it has no ${MANIFEST} (npm run backup writes it last).`)
  return JSON.parse(text) as BackupManifest
}

/** Refuses a database or a document store that holds anything, naming which. */
async function refuseUnlessEmpty(config: ServerConfig, store: DocumentStore): Promise<void> {
  if (config.databaseUrl) {
    const schema = config.databaseSchema ?? 'public'
    const knex = knexFactory({ client: 'pg', connection: config.databaseUrl, pool: { min: 0, max: 1 } })
    try {
      const { rows } = (await knex.raw('select count(*)::int as n from information_schema.tables where table_schema = ?', [schema])) as { rows: { n: number }[] }
      if (rows[0].n > 0) throw new RestoreRefused(`The database's schema ${schema} (DATABASE_URL, DATABASE_SCHEMA) has ${rows[0].n} tables: restore goes into an empty one only.`)
    } finally {
      await knex.destroy()
    }
  } else {
    const pgdata = await readdir(join(config.dataDir, 'pgdata')).catch(() => [])
    if (pgdata.length > 0) throw new RestoreRefused(`${join(config.dataDir, 'pgdata')} is not empty: restore goes into an empty data dir (DATA_DIR) only.`)
  }
  for await (const batch of store.list()) {
    if (batch.length > 0) throw new RestoreRefused(`The document store ${store.location} is not empty: restore goes into an empty one only.`)
  }
}

async function restorePglite(config: ServerConfig, file: string): Promise<void> {
  const { PGlite } = await import('@electric-sql/pglite')
  const database = await PGlite.create(join(config.dataDir, 'pgdata'), { loadDataDir: new Blob([await readFile(file)]) })
  await database.close()
}

/**
 * pg_restore of the dumped schema; into another schema name (DATABASE_SCHEMA) by a rename after it, so the dumped
 * name must not be taken in this database by anything else.
 */
async function restorePostgres(config: ServerConfig, file: string, dumped: string): Promise<void> {
  const target = config.databaseSchema ?? 'public'
  const knex = knexFactory({ client: 'pg', connection: config.databaseUrl, pool: { min: 0, max: 1 } })
  try {
    const exists = async (schema: string) => ((await knex.raw('select 1 from pg_namespace where nspname = ?', [schema])) as { rows: unknown[] }).rows.length > 0
    if (dumped !== target && (await exists(dumped))) throw new RestoreRefused(`The backup's schema ${dumped} exists in this database; restore into schema ${target} needs it free (it is renamed after the restore).`)
    // The (empty) target schema is made again by pg_restore.
    await knex.raw('drop schema if exists ?? cascade', [target])
    await run('pg_restore', ['--no-owner', '--no-privileges', '--exit-on-error', `--dbname=${config.databaseUrl}`, file], { maxBuffer: 64 * 1024 * 1024 })
    if (!(await exists(dumped))) await knex.raw('create schema ??', [dumped])
    if (dumped !== target) await knex.raw('alter schema ?? rename to ??', [dumped, target])
  } finally {
    await knex.destroy()
  }
}
