import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { deflateSync } from 'node:zlib'
import { afterEach, describe, expect, it } from 'vitest'
import { extractDocument } from '../extract'
import { closeExtractionThreads, configureExtractionThreads, extractionThreadCount, extractInThread } from './pool'

const fixture = (name: string) => new Uint8Array(readFileSync(new URL(`../fixtures/${name}`, import.meta.url)))

/** A one-page PDF whose text layer is fine but whose content stream inflates to `megabytes` MB of spaces. */
function inflatingPdf(megabytes: number): Uint8Array {
  const text = Buffer.from('BT /F1 12 Tf 50 700 Td (Rechnung Nr. 2026-001 Gesamtbetrag EUR 120,00) Tj ET ')
  const content = deflateSync(Buffer.concat([text, Buffer.alloc(megabytes * 1024 * 1024, 0x20)]), { level: 9 })
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 << /Type /Font /Subtype /Type1 /BaseFont /Helvetica >> >> >> >>',
    Buffer.concat([Buffer.from(`<< /Filter /FlateDecode /Length ${content.length} >>\nstream\n`), content, Buffer.from('\nendstream')]),
  ]
  const parts: Buffer[] = [Buffer.from('%PDF-1.7\n')]
  const offsets: number[] = []
  let length = parts[0].length
  objects.forEach((body, i) => {
    offsets.push(length)
    const chunk = Buffer.concat([Buffer.from(`${i + 1} 0 obj\n`), Buffer.from(body), Buffer.from('\nendobj\n')])
    parts.push(chunk)
    length += chunk.length
  })
  const xref = `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`
  parts.push(Buffer.from(`${xref}trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${length}\n%%EOF\n`))
  return new Uint8Array(Buffer.concat(parts))
}

/** The longest the event loop of this thread stalled while `work` ran, in ms. */
async function longestStall(work: () => Promise<unknown>): Promise<number> {
  let longest = 0
  let last = performance.now()
  const timer = setInterval(() => {
    const now = performance.now()
    longest = Math.max(longest, now - last - 10)
    last = now
  }, 10)
  try {
    await work()
  } finally {
    clearInterval(timer)
  }
  return Math.max(longest, performance.now() - last - 10)
}

describe('extraction in its own thread', () => {
  afterEach(async () => {
    await closeExtractionThreads()
    configureExtractionThreads({ idleMs: 10_000, timeLimitMs: 30 * 60_000, memoryMb: 1024 })
  })

  it('reads a file exactly as in-process extraction does', async () => {
    const bytes = fixture('factur-x-cii.xml')
    const [threaded, local] = await Promise.all([extractInThread(bytes), extractDocument(bytes)])
    expect(threaded).toEqual(local)
    // The caller's bytes are still whole after the thread took a copy; handed over, they move to the thread.
    expect(bytes.byteLength).toBeGreaterThan(0)
    const own = new Uint8Array(bytes)
    expect(await extractInThread(own, {}, true)).toEqual(local)
    expect(own.byteLength).toBe(0)
  }, 60_000)

  it('reads a file by its path in the thread, as from its bytes; an absent file is refused', async () => {
    const path = fileURLToPath(new URL('../fixtures/factur-x-cii.xml', import.meta.url))
    expect(await extractInThread(path)).toEqual(await extractDocument(fixture('factur-x-cii.xml')))
    await expect(extractInThread(`${path}.gone`)).rejects.toThrow(/ENOENT/)
  }, 60_000)

  it('keeps the server answering while a file that inflates to 256 MB is read (it stalled it for seconds)', async () => {
    const bytes = inflatingPdf(256)
    await extractInThread(fixture('factur-x-cii.xml')) // the thread is up before the clock starts
    let result: Awaited<ReturnType<typeof extractInThread>> | undefined
    const started = performance.now()
    const stall = await longestStall(async () => (result = await extractInThread(bytes)))
    const took = performance.now() - started
    expect(result?.ok).toBe(true)
    // Read on the main thread, the longest stall is the whole read; in the thread, the loop keeps turning. Relative to
    // the read's own time so that a loaded machine (which slows both) does not fail it; absolute speed is benched.
    expect(stall).toBeLessThan(took / 4)
  }, 120_000)

  it('ends a thread that runs past the time limit and refuses that file, then reads the next one', async () => {
    configureExtractionThreads({ timeLimitMs: 200 })
    await expect(extractInThread(inflatingPdf(256))).rejects.toThrow(/time limit/)
    configureExtractionThreads({ timeLimitMs: 30 * 60_000 })
    expect((await extractInThread(fixture('factur-x-cii.xml'))).ok).toBe(true)
  }, 120_000)

  it('ends a thread that needs more memory than a document may use and refuses that file, the server lives on', async () => {
    configureExtractionThreads({ memoryMb: 32 })
    const note = `<ram:IncludedNote><ram:Content>${'x'.repeat(40 * 1024 * 1024)}</ram:Content></ram:IncludedNote>`
    const xml = readFileSync(new URL('../fixtures/factur-x-cii.xml', import.meta.url), 'utf8').replace('<rsm:ExchangedDocument>', `${note}<rsm:ExchangedDocument>`)
    await expect(extractInThread(new TextEncoder().encode(xml))).rejects.toThrow(/more than the 32 MB/)
    configureExtractionThreads({ memoryMb: 1024 })
    expect((await extractInThread(fixture('factur-x-cii.xml'))).ok).toBe(true)
  }, 120_000)

  it('lets an idle thread go, so the memory a large file took is given back', async () => {
    configureExtractionThreads({ idleMs: 200 })
    await extractInThread(fixture('factur-x-cii.xml'))
    expect(extractionThreadCount()).toBe(1)
    await new Promise((resolve) => setTimeout(resolve, 600))
    expect(extractionThreadCount()).toBe(0)
  }, 60_000)
})
