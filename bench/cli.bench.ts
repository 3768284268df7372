import { execFile } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { promisify } from 'node:util'
import { signInPortal } from '../tests/e2e/cli.support'
import { measure } from './latency'
import { withSeededServer } from './seeded-server'
import { percentile, type BenchRow } from './table'

// Issue 38: how long the real `portal` process takes from start to exit, as a user waits for it: --version and --help
// (targets < 300 ms) and a signed-in `clients list` against the built server (target < 1 s), from the bundle that
// `npm run bench` builds first (npm run build:cli); the same from the TypeScript sources (tsx) for comparison.

const BIN = resolve(import.meta.dirname, '../bin/portal')
const ROUNDS = 10
const execPortal = promisify(execFile)

/** p50 of `ROUNDS` whole `portal` runs (after one not counted), with the target on p50. */
async function portalRow(metric: string, args: string[], env: Record<string, string>, target?: number): Promise<BenchRow> {
  const once = () => execPortal(process.execPath, [BIN, ...args], { env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', PORTAL_NO_BROWSER: '1', LANG: 'en_US.UTF-8', ...env } })
  await once()
  const p50 = percentile(await measure(ROUNDS, once), 50)
  return { group: 'cli', metric: `${metric}, p50 of ${ROUNDS} runs`, value: p50, unit: 'ms', ...(target ? { target: `< ${target}`, ok: p50 < target } : {}) }
}

/** The CLI's start-to-exit figures. */
export async function run(): Promise<BenchRow[]> {
  const rows: BenchRow[] = []
  const configDir = await mkdtemp(join(tmpdir(), 'portal-bench-cli-'))
  try {
    const env = { PORTAL_CONFIG_DIR: configDir }
    rows.push(await portalRow('portal --version', ['--version'], env, 300))
    rows.push(await portalRow('portal --help', ['--help'], env, 300))
    rows.push(await portalRow('portal --version from sources (tsx, no bundle)', ['--version'], { ...env, PORTAL_FROM_SOURCES: '1' }))
    await withSeededServer({ name: 'cli', email: 'admin@demo.portal', env: { WORKER_CONCURRENCY: '0' } }, async ({ server }) => {
      const login = await signInPortal({ ...env, PORTAL_SERVER: server.url }, 'admin@demo.portal')
      if (login.code !== 0) throw new Error(`portal login failed: ${login.stderr}`)
      rows.push(await portalRow('portal clients list (signed in)', ['clients', 'list'], env, 1000))
      rows.push(await portalRow('portal clients list from sources (tsx, no bundle)', ['clients', 'list'], { ...env, PORTAL_FROM_SOURCES: '1' }))
    })
  } finally {
    await rm(configDir, { recursive: true, force: true })
  }
  return rows
}
