import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { TEMPLATES_VARIABLE } from './started-cluster'

let folder: string | undefined
let users = 0
let off = false

/**
 * The run's folder of started data dirs (started-cluster.ts): set in the environment the test workers inherit, and
 * removed when the run ends, so the next run migrates and seeds its own. The integration and e2e projects both name
 * this setup; they share one folder.
 */
export async function setup(): Promise<void> {
  // PORTAL_TEST_TEMPLATES=off: every server migrates and seeds its own (to compare, or to rule the templates out).
  if (process.env[TEMPLATES_VARIABLE] === 'off') off = true
  if (off) return void delete process.env[TEMPLATES_VARIABLE]
  users += 1
  if (folder) return
  folder = await mkdtemp(join(tmpdir(), 'portal-started-clusters-'))
  process.env[TEMPLATES_VARIABLE] = folder
}

export async function teardown(): Promise<void> {
  users -= 1
  if (users > 0 || !folder) return
  await rm(folder, { recursive: true, force: true })
  folder = undefined
}
