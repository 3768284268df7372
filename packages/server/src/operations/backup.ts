import { execFile } from 'node:child_process'
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { promisify } from 'node:util'
import type { ServerConfig } from '../config'
import { DataDirLockedError, openDatabase } from '../db/connect'
import { copyStoreFiles, megabytes } from '../documents/copy-files'
import { createDocumentStore } from '../documents/runtime'
import { S3DocumentStore } from '../documents/s3-store'
import { FileDocumentStore } from '../documents/store'
import { dumpFromRunningServer } from './admin-socket'

const run = promisify(execFile)

/** What a backup folder holds besides `files/` (the document files by hash); written last, so it marks a whole backup. */
export interface BackupManifest {
  format: 1
  createdAt: string
  engine: 'pglite' | 'postgres'
  /** `database.tar.gz` (PGlite's data dir) or `database.pgdump` (pg_dump's custom format). */
  database: string
  /** PostgreSQL: the schema dumped. */
  schema?: string
  files: number
  bytes: number
}

export const MANIFEST = 'manifest.json'
export const FILES_DIR = 'files'

/** Props of backupInstallation. */
export interface BackupProps {
  config: ServerConfig
  dir: string
  say: (line: string) => void
}

/**
 * `npm run backup -- DIR`: a consistent backup while the portal runs. First the database — PostgreSQL with pg_dump
 * (one snapshot), the embedded PGlite from the running server through DATA_DIR/admin.sock (or opened here when the
 * portal is stopped) — then every document file of the store into DIR/files by its hash, so a second backup into the
 * same folder copies only what is new. A file is in the store before its row commits and leaves only after its row
 * is gone, so every file the dumped rows name is there to copy.
 */
export async function backupInstallation(props: BackupProps): Promise<BackupManifest> {
  const { config, dir, say } = props
  await mkdir(dir, { recursive: true })
  // Until the new manifest is written, the folder is no whole backup.
  const previous = await readFile(join(dir, MANIFEST), 'utf8').catch(() => undefined)
  await rm(join(dir, MANIFEST), { force: true })
  const engine = config.databaseUrl ? 'postgres' : 'pglite'
  const database = engine === 'postgres' ? 'database.pgdump' : 'database.tar.gz'
  const temp = join(dir, `${database}.part`)
  const started = Date.now()
  if (config.databaseUrl) {
    const schema = config.databaseSchema ?? 'public'
    await run('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', `--schema=${schema}`, `--file=${temp}`, `--dbname=${config.databaseUrl}`], { maxBuffer: 64 * 1024 * 1024 })
  } else {
    await writeFile(temp, await dumpPglite(config))
  }
  await rename(temp, join(dir, database))
  say(`Database (${engine}) saved as ${database} in ${((Date.now() - started) / 1000).toFixed(1)} s.`)

  const store = createDocumentStore(config)
  try {
    const target = new FileDocumentStore(join(dir, FILES_DIR))
    const result = await copyStoreFiles({ from: store, to: target })
    if (result.failed.length > 0) {
      for (const failure of result.failed) say(`  ${failure.sha256}: ${failure.reason}`)
      throw new Error(`${result.failed.length} document files could not be copied; the backup is incomplete`)
    }
    let files = 0
    for await (const batch of target.list()) files += batch.length
    say(`Document files from ${store.location}: ${result.copied} new (${megabytes(result.bytes)}), ${result.skipped} already in the backup.`)
    const manifest: BackupManifest = {
      format: 1,
      createdAt: new Date().toISOString(),
      engine,
      database,
      ...(engine === 'postgres' ? { schema: config.databaseSchema ?? 'public' } : {}),
      files,
      bytes: result.bytes,
    }
    await writeFile(join(dir, `${MANIFEST}.part`), `${JSON.stringify(manifest, null, 2)}\n`)
    await rename(join(dir, `${MANIFEST}.part`), join(dir, MANIFEST))
    say(`Backup complete in ${dir}${previous ? ' (updated)' : ''}.`)
    return manifest
  } finally {
    if (store instanceof S3DocumentStore) await store.close()
  }
}

/** The embedded database: from the running portal, else opened here (the data dir's lock keeps a start out meanwhile). */
async function dumpPglite(config: ServerConfig): Promise<Uint8Array> {
  const fromServer = await dumpFromRunningServer(config.dataDir)
  if (fromServer) return fromServer
  let db
  try {
    db = await openDatabase(config)
  } catch (error) {
    if (error instanceof DataDirLockedError) throw new Error(`The portal running on ${config.dataDir} does not answer on its backup socket (admin.sock); stop it and back up again.`, { cause: error })
    throw error
  }
  try {
    return await db.dumpDataDir!()
  } finally {
    await db.close()
  }
}
