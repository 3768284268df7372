import { spawnSync } from 'node:child_process'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { probeNativeTesseract, type OcrEngine } from '../packages/server/src/extraction/ocr/engine'
import { ocrPage } from '../packages/server/src/extraction/ocr/ocr-page'
import { closeOcr, configureOcr } from '../packages/server/src/extraction/ocr/pool'
import { toPgm } from '../packages/server/src/extraction/ocr/raster'
import { openRenderable } from '../packages/server/src/extraction/ocr/render'
import { simulateScan } from '../packages/server/src/extraction/ocr/scan'
import { austrianInvoicePdf } from '../packages/server/src/extraction/ocr/test-invoice'
import type { BenchRow } from './table'

const TIMED_PAGES = 4
const GROUP = 'ocr'

/** Seconds of wall time per page read through the whole OCR path (deskew, contrast, rules, engine) by one worker. */
async function secondsPerPage(scan: Uint8Array, engine: OcrEngine): Promise<number> {
  configureOcr({ workers: 1, engine })
  const doc = openRenderable(scan, 'tiff')
  try {
    await ocrPage(doc.render(1)) // warm-up: starts the worker and loads the models
    const started = performance.now()
    for (let round = 0; round < TIMED_PAGES; round += 1) await ocrPage(doc.render(1))
    return (performance.now() - started) / 1000 / TIMED_PAGES
  } finally {
    doc.close()
    await closeOcr()
  }
}

/** The reference: Debian's tesseract alone on the same page, from a file, as one would run it by hand. */
async function nativeAloneSeconds(scan: Uint8Array): Promise<number> {
  const dir = await mkdtemp(join(tmpdir(), 'portal-bench-ocr-'))
  const doc = openRenderable(scan, 'tiff')
  try {
    const file = join(dir, 'page.pgm')
    await writeFile(file, toPgm(doc.render(1).image))
    const args = [file, 'stdout', '-l', 'deu+eng', '--dpi', '300', 'tsv']
    const env = { ...process.env, OMP_THREAD_LIMIT: '1' }
    spawnSync('tesseract', args, { env, stdio: 'ignore' })
    const started = performance.now()
    for (let round = 0; round < TIMED_PAGES; round += 1) spawnSync('tesseract', args, { env, stdio: 'ignore' })
    return (performance.now() - started) / 1000 / TIMED_PAGES
  } finally {
    doc.close()
    await rm(dir, { recursive: true, force: true })
  }
}

/** OCR figures of issue 16: both engines side by side, the native one against tesseract alone (a scan batch's effect on the server: ocr-batch.bench.ts). */
export async function run(): Promise<BenchRow[]> {
  const pdf = await austrianInvoicePdf(20)
  const page = simulateScan(pdf, { dpi: 300, degrees: 1.5, seed: 300 })
  const rows: BenchRow[] = []
  const loadBefore = loadavg()[0]
  const native = probeNativeTesseract()
  const wasm = await secondsPerPage(page, 'wasm')
  rows.push({ group: GROUP, metric: 'tesseract.js (wasm): OCR per page at 300 dpi, 1 worker', value: wasm, unit: 's' })
  if (native.ok) {
    const ours = await secondsPerPage(page, 'native')
    const alone = await nativeAloneSeconds(page)
    rows.push({ group: GROUP, metric: `${native.version} (native): OCR per page at 300 dpi, 1 worker`, value: ours, unit: 's', target: '< 1', ok: ours < 1 })
    rows.push({ group: GROUP, metric: 'tesseract alone (CLI, same page, from a file)', value: alone, unit: 's' })
    rows.push({ group: GROUP, metric: 'native path / tesseract alone', value: ours / alone, unit: '×', target: '<= 1.1', ok: ours / alone <= 1.1 })
    rows.push({ group: GROUP, metric: 'tesseract.js / native path', value: wasm / ours, unit: '×' })
  } else {
    rows.push({ group: GROUP, metric: `native engine not measured: ${native.reason}`, value: 0, unit: '' })
  }
  // The machine is shared: the load tells how far wall times stand above the engine's own.
  rows.push({ group: GROUP, metric: 'load average (1 min) at start / end', value: Number(`${loadBefore.toFixed(1)}`), unit: `/ ${loadavg()[0].toFixed(1)}` })
  return rows
}
