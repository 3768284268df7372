import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { FileDocumentStore, sha256Hex } from './store'

describe('FileDocumentStore', () => {
  let root: string
  afterEach(async () => rm(root, { recursive: true, force: true }))

  it('stores bytes under their SHA-256 and reads them back', async () => {
    root = await mkdtemp(join(tmpdir(), 'store-'))
    const store = new FileDocumentStore(root)
    const bytes = new TextEncoder().encode('%PDF-1.7 test')
    const { sha256, size } = await store.put(bytes)
    expect(sha256).toBe(sha256Hex(bytes))
    expect(size).toBe(bytes.byteLength)
    expect(await store.has(sha256)).toBe(true)
    expect((await store.get(sha256)).toString()).toBe('%PDF-1.7 test')
  })

  it('keeps one copy of the same content and leaves no temporary files', async () => {
    root = await mkdtemp(join(tmpdir(), 'store-'))
    const store = new FileDocumentStore(root)
    const bytes = new TextEncoder().encode('same')
    const first = await store.put(bytes)
    await store.put(bytes)
    const dir = join(root, first.sha256.slice(0, 2), first.sha256.slice(2, 4))
    expect(await readdir(dir)).toEqual([first.sha256])
  })

  it('refuses paths that are not a hash', async () => {
    root = await mkdtemp(join(tmpdir(), 'store-'))
    const store = new FileDocumentStore(root)
    await expect(store.get('../../etc/passwd')).rejects.toThrow(/not a SHA-256/)
    expect(await store.has('0'.repeat(64))).toBe(false)
  })
})
