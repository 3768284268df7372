import { randomBytes } from 'node:crypto'
import { readFile, rename, rm, rmdir, writeFile } from 'node:fs/promises'
import { hostname } from 'node:os'
import { join } from 'node:path'
import lockfile from 'proper-lockfile'

/** Raised when another process already holds the embedded data directory. */
export class DataDirLockedError extends Error {
  override name = 'DataDirLockedError'
  constructor(readonly dataDir: string) {
    super(
      `The data directory ${dataDir} is already in use by another Portal process. ` +
        'Stop that process first, or start this one with another DATA_DIR.',
    )
  }
}

/** Who holds the lock: written beside it, so a lock left by a dead process is recognised at once. */
interface Owner {
  pid: number
  host: string
}

const LOCK = 'portal.lock'
const OWNER = 'portal.lock.owner'

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

async function readOwner(path: string): Promise<Owner | null> {
  try {
    const owner = JSON.parse(await readFile(path, 'utf8')) as Partial<Owner>
    return typeof owner.pid === 'number' && typeof owner.host === 'string' ? { pid: owner.pid, host: owner.host } : null
  } catch {
    return null
  }
}

const deadHere = (owner: Owner | null): owner is Owner => owner !== null && owner.host === hostname() && owner.pid !== process.pid && !alive(owner.pid)

/**
 * Takes a lock whose holder died on this machine (SIGKILL, OOM killer, power cut of a container). Only the process
 * that manages to rename the owner file away takes over, so two starting processes never both win.
 */
async function takeOver(dataDir: string): Promise<boolean> {
  const ownerPath = join(dataDir, OWNER)
  if (!deadHere(await readOwner(ownerPath))) return false
  const claim = `${ownerPath}.${randomBytes(6).toString('hex')}`
  try {
    await rename(ownerPath, claim)
  } catch {
    return false // another process claimed it first
  }
  // Between reading and renaming, a new holder may have written its own file: then it is not ours to take.
  const claimed = await readOwner(claim)
  if (!deadHere(claimed)) {
    await rename(claim, ownerPath).catch(() => undefined)
    return false
  }
  await rmdir(join(dataDir, LOCK)).catch(() => undefined)
  await rm(claim, { force: true })
  return true
}

async function acquire(dataDir: string): Promise<() => Promise<void>> {
  return lockfile.lock(dataDir, { lockfilePath: join(dataDir, LOCK), stale: 10_000 })
}

/**
 * Locks the embedded data directory to this process; resolves with the release. A lock whose holder is gone (same
 * machine, process no longer running) is taken over at once instead of after it goes stale.
 */
export async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  let release: () => Promise<void>
  try {
    release = await acquire(dataDir)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ELOCKED') throw error
    if (!(await takeOver(dataDir))) throw new DataDirLockedError(dataDir)
    try {
      release = await acquire(dataDir)
    } catch (again) {
      if ((again as NodeJS.ErrnoException).code === 'ELOCKED') throw new DataDirLockedError(dataDir)
      throw again
    }
  }
  const ownerPath = join(dataDir, OWNER)
  const temp = `${ownerPath}.${process.pid}.tmp`
  await writeFile(temp, JSON.stringify({ pid: process.pid, host: hostname() } satisfies Owner))
  await rename(temp, ownerPath)
  return async () => {
    await rm(ownerPath, { force: true })
    await release()
  }
}
