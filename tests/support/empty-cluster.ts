import { cp, mkdtemp, readFile, rename, rm } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { openDatabase } from '../../packages/server/src/db/connect'

/**
 * Test servers start on a copy of one empty, initialised PGlite cluster instead of initialising their own: creating
 * a cluster (initdb inside PGlite) is most of an embedded server's start — 8 to 13 s against 2.5 s for copy and open
 * on a busy 2-core machine — and a test run starts about seventy servers. The copy is what initdb would write; the
 * server still migrates and seeds it as on a first start.
 *
 * The template lives in the temporary folder, one per PGlite version, made once by whichever test gets there first
 * (built aside and renamed into place, so a reader never sees half of it).
 */
export async function copyEmptyCluster(pgdata: string): Promise<void> {
  await cp(await emptyCluster(), pgdata, { recursive: true })
}

let template: Promise<string> | undefined

function emptyCluster(): Promise<string> {
  template ??= pgliteVersion().then(async (version) => {
    const path = join(tmpdir(), `portal-empty-pgdata-${version}`)
    if (await exists(join(path, 'PG_VERSION'))) return path
    const building = await mkdtemp(join(tmpdir(), 'portal-empty-pgdata-building-'))
    try {
      const db = await openDatabase({ dataDir: building, databaseUrl: undefined, databaseSchema: undefined })
      await db.close()
      // Another process may have put its template there meanwhile: then that one is used and this one dropped.
      await rename(join(building, 'pgdata'), path).catch(async (error: NodeJS.ErrnoException) => {
        if (!(await exists(join(path, 'PG_VERSION')))) throw error
      })
    } finally {
      await rm(building, { recursive: true, force: true })
    }
    return path
  })
  return template
}

async function pgliteVersion(): Promise<string> {
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite')
  const root = entry.slice(0, entry.lastIndexOf('@electric-sql/pglite') + '@electric-sql/pglite'.length)
  return (JSON.parse(await readFile(join(root, 'package.json'), 'utf8')) as { version: string }).version
}

async function exists(path: string): Promise<boolean> {
  return readFile(path).then(
    () => true,
    () => false,
  )
}
