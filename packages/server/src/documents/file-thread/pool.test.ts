import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PDFDocument } from 'pdf-lib'
import { afterEach, describe, expect, it } from 'vitest'
import { MimeType } from '@portal/sdk/domain'
import type { BatchPage } from '@portal/sdk/state'
import { encodeGrayTiff } from '../../extraction/ocr/tiff'
import { renderPageImage } from '../page-image'
import { PageBuildError } from '../../commands/editor/buildPartPdf'
import { buildPartPdfsInThread, closeFileThreads, configureFileThreads, fileThreadCount, inspectInThread } from './pool'
import { drawPage } from './draw-page'

/** A 300 dpi A4 scan of gray noise: costly to draw and, above all, to encode as PNG (noise does not compress). */
function noiseScan(): Uint8Array {
  const width = 2480
  const height = 3508
  const data = new Uint8Array(width * height)
  let seed = 7
  for (let i = 0; i < data.length; i += 1) {
    seed = (seed * 1103515245 + 12345) >>> 0
    data[i] = seed >>> 24
  }
  return encodeGrayTiff([{ image: { width, height, data }, dpi: 300 }])
}

/** The longest this thread's event loop stalled while `work` ran, in ms (a 5 ms tick that came late). */
async function longestStall(work: () => Promise<unknown>): Promise<number> {
  let longest = 0
  let last = performance.now()
  const timer = setInterval(() => {
    const now = performance.now()
    longest = Math.max(longest, now - last - 5)
    last = now
  }, 5)
  try {
    await work()
  } finally {
    clearInterval(timer)
  }
  return Math.max(longest, performance.now() - last - 5)
}

const settings = { idleMs: 15_000, timeLimitMs: 60_000 }

describe('page images drawn and uploads inspected in file threads', () => {
  afterEach(async () => {
    await closeFileThreads()
    configureFileThreads(settings)
  })

  it('draws the same PNG as mupdf on this thread, and null for a page the file does not have', async () => {
    const tiff = encodeGrayTiff([{ image: { width: 300, height: 200, data: new Uint8Array(300 * 200).fill(180) }, dpi: 100 }])
    const threaded = await renderPageImage(tiff, MimeType.tiff, 1, 200)
    expect(threaded).toEqual(drawPage(tiff, MimeType.tiff, 1, 200))
    expect(threaded?.width).toBe(200)
    expect(Math.abs(threaded!.height - 133)).toBeLessThanOrEqual(1)
    expect(await renderPageImage(tiff, MimeType.tiff, 2)).toBeNull()
    // The caller's bytes are still whole after the thread took a copy; handed over, they are gone here.
    expect(tiff.byteLength).toBeGreaterThan(60_000)
    const own = new Uint8Array(tiff)
    expect(await renderPageImage(own, MimeType.tiff, 1, 200, true)).toEqual(threaded)
    expect(own.byteLength).toBe(0)
  }, 60_000)

  it('reads a file by its path in the thread (draw and inspect), and rejects an absent one with ENOENT', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'portal-file-thread-'))
    try {
      const tiff = encodeGrayTiff([{ image: { width: 300, height: 200, data: new Uint8Array(300 * 200).fill(180) }, dpi: 100 }])
      const path = join(folder, 'scan.tiff')
      await writeFile(path, tiff)
      expect(await renderPageImage(path, MimeType.tiff, 1, 200)).toEqual(drawPage(tiff, MimeType.tiff, 1, 200))
      const limits = { maxBytes: 50 * 1024 * 1024, maxPages: 500, maxPixels: 100_000_000 }
      expect(await inspectInThread(path, limits)).toEqual({ ok: true, kind: 'tiff', pages: 1 })
      await expect(renderPageImage(join(folder, 'gone.tiff'), MimeType.tiff, 1)).rejects.toMatchObject({ code: 'ENOENT' })
    } finally {
      await rm(folder, { recursive: true, force: true })
    }
  }, 60_000)

  it('keeps the main thread ticking while a full-size page is drawn (on it, the draw blocked it throughout)', async () => {
    const scan = noiseScan()
    const started = performance.now()
    drawPage(scan, MimeType.tiff, 1, 2480)
    const blocking = performance.now() - started
    await renderPageImage(scan, MimeType.tiff, 1, 64) // the thread is up and mupdf loaded before the clock starts
    let image: Awaited<ReturnType<typeof renderPageImage>> = null
    const stall = await longestStall(async () => (image = await renderPageImage(scan, MimeType.tiff, 1)))
    expect(image).toMatchObject({ width: 2480, height: 3508 })
    // On a quiet machine the draw on this thread takes ~100 ms, under load several times that; from the thread, the
    // longest stall stays a fraction of it (and under 50 ms, the server's target, whatever the draw costs).
    expect(stall).toBeLessThan(Math.max(blocking / 3, 50))
  }, 120_000)

  it('inspects an upload in a thread as inspectFile does: kind and page count, refusals with their key', async () => {
    const limits = { maxBytes: 50 * 1024 * 1024, maxPages: 500, maxPixels: 100_000_000 }
    const page = { image: { width: 100, height: 100, data: new Uint8Array(100 * 100).fill(90) }, dpi: 100 }
    expect(await inspectInThread(encodeGrayTiff([page, page, page]), limits)).toEqual({ ok: true, kind: 'tiff', pages: 3 })
    expect(await inspectInThread(encodeGrayTiff([page, page]), { ...limits, maxPages: 1 })).toEqual({ ok: false, refusal: { key: 'refusal.tooManyPages', params: { pages: 2, max: 1 } } })
    expect(await inspectInThread(new TextEncoder().encode('%PDF-1.7 broken'), limits)).toEqual({ ok: false, refusal: { key: 'refusal.brokenPdf' } })
  }, 60_000)

  it("builds the document editor's parts as PDFs in a thread, and names a page the file does not have", async () => {
    const page = (shade: number) => ({ image: { width: 200, height: 300, data: new Uint8Array(200 * 300).fill(shade) }, dpi: 100 })
    const sources = () => new Map([[7, { bytes: encodeGrayTiff([page(60), page(120), page(180)]), mime: MimeType.tiff, file_name: 'batch.tiff' }]])
    const at = (n: number, rotation: BatchPage['rotation'] = 0): BatchPage => ({ id: `7-${n}`, document_id: 7, page: n, rotation })
    const pdfs = await buildPartPdfsInThread([[at(1), at(2, 90)], [at(3)]], sources())
    const loaded = await Promise.all(pdfs.map((pdf) => PDFDocument.load(pdf)))
    expect(loaded.map((pdf) => pdf.getPageCount())).toEqual([2, 1])
    // An image page becomes a PDF page of its pixels at 0.75 pt each (200 px: 150 pt); the second one turned.
    expect(loaded[0].getPages().map((p) => [Math.round(p.getWidth()), p.getRotation().angle])).toEqual([[150, 0], [150, 90]])
    const missing = buildPartPdfsInThread([[at(1)], [at(4)]], sources())
    await expect(missing).rejects.toBeInstanceOf(PageBuildError)
    await expect(missing).rejects.toMatchObject({ page: { document_id: 7, page: 4 } })
  }, 60_000)

  it('ends a thread that draws past the time limit and refuses that page, then draws the next one', async () => {
    const scan = noiseScan()
    configureFileThreads({ timeLimitMs: 50 })
    await expect(renderPageImage(scan, MimeType.tiff, 1)).rejects.toThrow(/time limit/)
    configureFileThreads({ timeLimitMs: 60_000 })
    expect(await renderPageImage(scan, MimeType.tiff, 1, 100)).toMatchObject({ width: 100 })
  }, 120_000)

  it('draws at most as many pages at once as it has threads, and lets idle threads go', async () => {
    configureFileThreads({ threads: 2, idleMs: 300 })
    const tiff = encodeGrayTiff([{ image: { width: 100, height: 100, data: new Uint8Array(100 * 100).fill(90) }, dpi: 100 }])
    const drawing = Promise.all(Array.from({ length: 5 }, () => renderPageImage(tiff, MimeType.tiff, 1)))
    // Two threads take the first two pages at once; the other three wait for them.
    expect(fileThreadCount()).toBe(2)
    expect((await drawing).map((image) => image?.width)).toEqual([100, 100, 100, 100, 100])
    await expect.poll(() => fileThreadCount(), { timeout: 5_000 }).toBe(0)
  }, 60_000)
})
