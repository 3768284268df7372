import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { byteRange } from './http-params'
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

  it('lists its files with their sizes and reads part of one by range', async () => {
    root = await mkdtemp(join(tmpdir(), 'store-'))
    const store = new FileDocumentStore(root)
    const { sha256 } = await store.put(new TextEncoder().encode('0123456789'))
    const listed = []
    for await (const batch of store.list()) listed.push(...batch)
    expect(listed).toEqual([{ sha256, size: 10 }])
    const { stream, size } = await store.open(sha256, { start: 2, end: 5 })
    const chunks: Buffer[] = []
    for await (const chunk of stream) chunks.push(chunk as Buffer)
    expect([Buffer.concat(chunks).toString(), size]).toEqual(['2345', 10])
  })
})

describe('byteRange', () => {
  it.each([
    ['bytes=0-3', { start: 0, end: 3 }],
    ['bytes=5-', { start: 5, end: 9 }],
    ['bytes=-4', { start: 6, end: 9 }],
    ['bytes=8-100', { start: 8, end: 9 }],
    ['bytes=10-', 'unsatisfiable'],
    ['bytes=-0', 'unsatisfiable'],
    ['bytes=5-2', undefined],
    ['bytes=0-1,4-5', undefined],
    ['items=0-1', undefined],
  ])('%s of 10 bytes is %j', (header, expected) => {
    expect(byteRange(header, 10)).toEqual(expected)
  })
})
