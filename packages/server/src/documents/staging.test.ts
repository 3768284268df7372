import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Readable } from 'node:stream'
import { afterEach, describe, expect, it } from 'vitest'
import { attachmentDisposition } from './content-disposition'
import { uploadFileName, storedFileName } from './file-name'
import { boundedInteger } from './http-params'
import { ByteBudget } from './inspection-budget'
import { FileDocumentStore, sha256Hex, STAGING_DIR } from './store'

describe('FileDocumentStore staging', () => {
  let root: string
  afterEach(async () => rm(root, { recursive: true, force: true }))

  it('streams to a temporary file with its hash, then adopts it at its content address', async () => {
    root = await mkdtemp(join(tmpdir(), 'store-'))
    const store = new FileDocumentStore(root)
    const bytes = Buffer.from('%PDF-1.7 streamed in three chunks')
    const staged = await store.stage(Readable.from([bytes.subarray(0, 5), bytes.subarray(5, 20), bytes.subarray(20)]), 1000)
    expect(staged).toMatchObject({ sha256: sha256Hex(bytes), size: bytes.length })
    expect((await store.readStaged(staged!)).equals(bytes)).toBe(true)
    await store.adopt(staged!)
    expect((await store.get(staged!.sha256)).equals(bytes)).toBe(true)
    expect(await readdir(join(root, STAGING_DIR))).toEqual([])
    // The same content again: the copy is dropped, the stored file stays.
    const again = await store.stage(Readable.from([bytes]), 1000)
    await store.adopt(again!)
    expect(await readdir(join(root, STAGING_DIR))).toEqual([])
    await store.remove(staged!.sha256)
    expect(await store.has(staged!.sha256)).toBe(false)
  })

  it('reads a source past the limit to its end without keeping any of it', async () => {
    root = await mkdtemp(join(tmpdir(), 'store-'))
    const store = new FileDocumentStore(root)
    const source = Readable.from(Array.from({ length: 10 }, () => Buffer.alloc(100, 1)))
    expect(await store.stage(source, 999)).toBeNull()
    expect(source.readableEnded).toBe(true)
    expect(await readdir(join(root, STAGING_DIR))).toEqual([])
  })
})

describe('ByteBudget', () => {
  it('runs work together while it fits, one at a time beyond, in arrival order', async () => {
    const budget = new ByteBudget(100)
    const log: string[] = []
    const task = (name: string, bytes: number) =>
      budget.use(bytes, async () => {
        log.push(`+${name}`)
        await new Promise((resolve) => setTimeout(resolve, 5))
        log.push(`-${name}`)
      })
    await Promise.all([task('a', 60), task('b', 60), task('c', 30), task('huge', 500)])
    expect(log).toEqual(['+a', '-a', '+b', '+c', '-b', '-c', '+huge', '-huge'])
  })
})

describe('names and numbers from a request', () => {
  it('keeps UTF-8 names, refuses control characters, cuts long names by characters', () => {
    expect(uploadFileName('Rechnung Jänner.pdf')).toBe('Rechnung Jänner.pdf')
    expect(uploadFileName('Rechnung %22Q1%22.pdf')).toBe('Rechnung "Q1".pdf')
    expect(uploadFileName(undefined)).toBe('upload')
    expect(() => uploadFileName('a\u0000b.pdf')).toThrow(expect.objectContaining({ code: 400, data: { key: 'documents:upload.badFileName', params: { field: 'filename', file: 'a\uFFFDb.pdf' } } }))
    expect(() => uploadFileName('a\nb.pdf')).toThrow(/control characters/)
    expect(Array.from(storedFileName('😀'.repeat(300)))).toHaveLength(255)
  })

  it('writes filename* (UTF-8) beside an ASCII fallback', () => {
    expect(attachmentDisposition('Rechnung Jänner.pdf')).toBe(`attachment; filename="Rechnung Janner.pdf"; filename*=UTF-8''Rechnung%20J%C3%A4nner.pdf`)
    expect(attachmentDisposition('a"b\\c (1).pdf')).toBe(`attachment; filename="a_b_c (1).pdf"; filename*=UTF-8''a%22b%5Cc%20%281%29.pdf`)
  })

  it('bounds whole numbers, naming the field and the rule', () => {
    expect(boundedInteger('42', 'id', 1, 2147483647)).toBe(42)
    expect(boundedInteger('0007', 'id', 1, 2147483647)).toBe(7)
    expect(() => boundedInteger('9999999999', 'id', 1, 2147483647)).toThrow(expect.objectContaining({ data: { key: 'errors:query.maximum', params: { field: 'id', limit: 2147483647 } } }))
    expect(() => boundedInteger('0', 'id', 1, 10)).toThrow(expect.objectContaining({ data: { key: 'errors:query.minimum', params: { field: 'id', limit: 1 } } }))
    expect(() => boundedInteger('1e3', 'page', 0, 10)).toThrow(expect.objectContaining({ data: { key: 'errors:query.wrongType', params: { field: 'page', kind: 'positiveWholeNumber' } } }))
  })
})
