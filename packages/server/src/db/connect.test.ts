import { spawn, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { DataDirLockedError, openDatabase } from './connect'

const connectModule = new URL('./connect.ts', import.meta.url).href

/** Another process that opens the embedded database on `dataDir` and holds it until killed. */
async function holder(dataDir: string): Promise<ChildProcess> {
  const script = `const { openDatabase } = await import(${JSON.stringify(connectModule)}); await openDatabase({ dataDir: ${JSON.stringify(dataDir)} }); console.log('holding'); setInterval(() => {}, 1000)`
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'inherit'] })
  await new Promise<void>((ready, fail) => {
    child.stdout!.on('data', (chunk: Buffer) => chunk.toString().includes('holding') && ready())
    child.once('exit', (code) => fail(new Error(`holder exited with ${code}`)))
  })
  return child
}

describe('the embedded data directory lock', () => {
  const dirs: string[] = []
  const children: ChildProcess[] = []
  afterEach(async () => {
    for (const child of children.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
    for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true })
  })

  it('refuses a second process while the first one runs', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'portal-lock-'))
    dirs.push(dataDir)
    children.push(await holder(dataDir))
    await expect(openDatabase({ dataDir, databaseUrl: undefined, databaseSchema: undefined })).rejects.toBeInstanceOf(DataDirLockedError)
  }, 60_000)

  it('opens at once after the holder was killed (crash, OOM killer), not only once its lock went stale', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'portal-lock-'))
    dirs.push(dataDir)
    const child = await holder(dataDir)
    const exited = once(child, 'exit')
    child.kill('SIGKILL')
    await exited
    const started = performance.now()
    const db = await openDatabase({ dataDir, databaseUrl: undefined, databaseSchema: undefined })
    try {
      // At once: well before the 10 s after which a lock goes stale and anyone may take it.
      expect(performance.now() - started).toBeLessThan(8000)
    } finally {
      await db.close()
    }
  }, 60_000)

  it('lets only one of two processes starting at once take over a dead holder', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'portal-lock-'))
    dirs.push(dataDir)
    const child = await holder(dataDir)
    const exited = once(child, 'exit')
    child.kill('SIGKILL')
    await exited
    const config = { dataDir, databaseUrl: undefined, databaseSchema: undefined }
    const outcomes = await Promise.allSettled([openDatabase(config), openDatabase(config)])
    const opened = outcomes.filter((o): o is PromiseFulfilledResult<Awaited<ReturnType<typeof openDatabase>>> => o.status === 'fulfilled')
    const refused = outcomes.filter((o): o is PromiseRejectedResult => o.status === 'rejected')
    expect(opened).toHaveLength(1)
    expect(refused[0]?.reason).toBeInstanceOf(DataDirLockedError)
    for (const o of opened) await o.value.close()
  }, 60_000)
})
