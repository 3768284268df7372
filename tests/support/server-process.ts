import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { freePort } from './server'

const ROOT = resolve(import.meta.dirname, '../..')

/** A portal server in a process of its own (from the sources, as `npm start` runs the built one), to be killed for real. */
export interface ServerProcess {
  url: string
  port: number
  child: ChildProcess
  /** Its log so far: the JSON lines it wrote to stdout, parsed. */
  logLines(): Record<string, unknown>[]
  /** SIGTERM and wait for the exit (a graceful stop). */
  stop(): Promise<void>
  /** SIGKILL: the process dies wherever it is, as in a crash or an OOM kill. */
  kill(): Promise<void>
}

/**
 * Starts `packages/server/src/main.ts` with `env` (on top of a quiet test environment) and resolves once it listens.
 * Without DATA_DIR in `env` it gets a data dir of its own, removed when it stops; instances that share one (their
 * document files and secrets key, as on a shared volume) pass it and remove it themselves.
 */
export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort()
  const ownDataDir = env.DATA_DIR === undefined
  const dataDir = env.DATA_DIR ?? (await mkdtemp(join(tmpdir(), 'portal-proc-')))
  const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'packages/server/src/main.ts')], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      PORTAL_DEMO_LEDGER: '0',
      PORTAL_DEMO_SCREENS: '0',
      VIES_URL: 'off',
      WEB_DIR: join(dataDir, 'no-web'),
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const lines: Record<string, unknown>[] = []
  let rest = ''
  let banner = ''
  const exited = new Promise<void>((done) => child.once('exit', () => done()))
  child.stdout!.on('data', (chunk: Buffer) => {
    const parts = (rest + chunk.toString()).split('\n')
    rest = parts.pop() ?? ''
    for (const line of parts) {
      if (line.startsWith('{')) lines.push(JSON.parse(line) as Record<string, unknown>)
      else banner += `${line}\n`
    }
  })
  let errors = ''
  child.stderr!.on('data', (chunk: Buffer) => (errors += chunk.toString()))
  await new Promise<void>((ready, fail) => {
    const check = setInterval(() => {
      if (banner.includes('Portal is running')) {
        clearInterval(check)
        ready()
      }
    }, 50)
    void exited.then(() => {
      clearInterval(check)
      fail(new Error(`server process exited before it listened: ${errors.slice(-2000)}`))
    })
  })
  const end = async (signal: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal)
    await exited
    if (ownDataDir) await rm(dataDir, { recursive: true, force: true })
  }
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    child,
    logLines: () => [...lines],
    stop: () => end('SIGTERM'),
    kill: () => end('SIGKILL'),
  }
}
