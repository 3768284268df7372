import { spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { S3_VARIABLES, testBucket } from './server'

const ROOT = resolve(import.meta.dirname, '../..')

/** What a finished command printed, and its exit code. */
export interface CommandRun {
  code: number | null
  stdout: string
  stderr: string
}

/**
 * Runs one of the operator commands (`scripts/<name>.ts`, as `npm run <name>` does) as its own process with exactly
 * `env` (plus PATH and HOME); `started` gets the child, e.g. to kill it.
 */
export function runOperation(name: string, args: string[], env: Record<string, string>, started?: (child: ReturnType<typeof spawn>) => void): Promise<CommandRun> {
  const child = spawn(process.execPath, ['--import', 'tsx', join('scripts', `${name}.ts`), ...args], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  started?.(child)
  let stdout = ''
  let stderr = ''
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
  return new Promise((done) => child.on('close', (code) => done({ code, stdout, stderr })))
}

/** The environment of an installation (data dir, PostgreSQL schema, bucket) as the test servers use it. */
export async function instanceEnv(dataDir: string, databaseSchema: string | undefined): Promise<Record<string, string>> {
  const env: Record<string, string> = { DATA_DIR: dataDir }
  if (process.env.DATABASE_URL) Object.assign(env, { DATABASE_URL: process.env.DATABASE_URL, DATABASE_SCHEMA: databaseSchema ?? '' })
  if (process.env.DOCUMENT_STORE === 's3') {
    for (const name of S3_VARIABLES) env[name] = process.env[name] ?? ''
    env.S3_BUCKET = await testBucket(env, dataDir)
  }
  return env
}

/** A new, empty installation's data dir and schema (and bucket, on the S3 pass). */
export async function freshInstance(): Promise<{ dataDir: string; databaseSchema: string | undefined; env: Record<string, string> }> {
  const dataDir = await mkdtemp(join(tmpdir(), 'portal-restore-'))
  const databaseSchema = process.env.DATABASE_URL ? `test_${randomBytes(6).toString('hex')}` : undefined
  return { dataDir, databaseSchema, env: await instanceEnv(dataDir, databaseSchema) }
}
