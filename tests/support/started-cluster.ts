import { createHash } from 'node:crypto'
import { cp, mkdir, mkdtemp, rename, rm, stat } from 'node:fs/promises'
import { join } from 'node:path'

/**
 * Test servers of one run start on a copy of a data dir that a server of the same run, with the same settings,
 * already migrated and seeded. After copyEmptyCluster, migrating and seeding is most of an embedded start: 8 s on
 * a busy 2-core machine, against about 1 s to copy a seeded data dir and 1.7 s to open it; a run starts over a
 * hundred servers.
 *
 * A template belongs to one run: it lives in the folder named by PORTAL_TEST_TEMPLATES, which the run's global setup
 * (tests/support/global-setup.ts) makes and removes, so a changed migration or seed never meets an old template.
 * Outside such a run (the bench, the fuzz) there is none and a server migrates and seeds as on a first start.
 */
export const TEMPLATES_VARIABLE = 'PORTAL_TEST_TEMPLATES'

/** What differs between two servers with the same settings; everything else in the environment keys the template. */
const PER_SERVER = new Set(['PORT', 'HOST', 'PUBLIC_URL', 'DATA_DIR', 'WEB_DIR'])

const building = new Map<string, Promise<string>>()

/**
 * Fills the empty `dataDir` with a copy of the run's template for `env`, building it first with `build` (which must
 * start a server on the folder it is given and close it again). False when the run keeps no templates.
 */
export async function copyStartedDataDir(dataDir: string, env: NodeJS.ProcessEnv, build: (dataDir: string, env: NodeJS.ProcessEnv) => Promise<void>): Promise<boolean> {
  const folder = process.env[TEMPLATES_VARIABLE]
  if (!folder) return false
  const key = templateKey(env)
  let template = building.get(key)
  if (!template) {
    template = buildOnce(folder, key, (aside) => build(aside, env))
    building.set(key, template)
    // A failed build is tried again by the next server rather than failing every later test.
    template.catch(() => building.delete(key))
  }
  // The admin socket and the lock of the closed template server are gone; nothing else in it is per server.
  await cp(await template, dataDir, { recursive: true })
  return true
}

function templateKey(env: NodeJS.ProcessEnv): string {
  const settings = Object.entries(env)
    .filter(([name, value]) => !PER_SERVER.has(name) && value !== undefined)
    .sort(([a], [b]) => a.localeCompare(b))
  return createHash('sha256').update(JSON.stringify(settings)).digest('hex').slice(0, 16)
}

/** The template's folder; built aside and renamed into place, so another worker never copies half of one. */
async function buildOnce(folder: string, key: string, build: (dataDir: string) => Promise<void>): Promise<string> {
  const path = join(folder, key)
  if (await exists(path)) return path
  await mkdir(folder, { recursive: true })
  const aside = await mkdtemp(join(folder, 'building-'))
  try {
    await build(aside)
    // Another worker may have put the same template there meanwhile: then that one is used and this one dropped.
    await rename(aside, path).catch(async (error: NodeJS.ErrnoException) => {
      if (!(await exists(path))) throw error
    })
  } finally {
    await rm(aside, { recursive: true, force: true })
  }
  return path
}

async function exists(path: string): Promise<boolean> {
  return stat(path).then(
    () => true,
    () => false,
  )
}
