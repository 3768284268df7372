import { spawnSync } from 'node:child_process'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { probeNativeTesseract, type OcrEngine } from '../packages/server/src/extraction/ocr/engine'
import { NATIVE_TESSERACT, nativeArguments } from '../packages/server/src/extraction/ocr/native'
import { ocrPage, preparePage, rasterDpi } from '../packages/server/src/extraction/ocr/ocr-page'
import { closeOcr, configureOcr, recognizeImage } from '../packages/server/src/extraction/ocr/pool'
import { toPgm } from '../packages/server/src/extraction/ocr/raster'
import { openRenderable } from '../packages/server/src/extraction/ocr/render'
import { simulateScan } from '../packages/server/src/extraction/ocr/scan'
import { austrianInvoicePdf } from '../packages/server/src/extraction/ocr/test-invoice'
import type { BenchRow } from './table'

const TIMED_PAGES = 4
const GROUP = 'ocr'

/** Seconds of wall time per page read through the whole OCR path (render, straighten, contrast, rules, engine, layout) by one worker. */
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

/** The page exactly as our path hands it to the engine (straightened, contrast stretched, rules removed), as PGM. */
function preparedPage(scan: Uint8Array): { pgm: Uint8Array; dpi: number } {
  const doc = openRenderable(scan, 'tiff')
  try {
    const raster = doc.render(1)
    return { pgm: toPgm(preparePage(raster).image), dpi: rasterDpi(raster) }
  } finally {
    doc.close()
  }
}

/**
 * The native path's reference: tesseract alone, run by hand on the prepared page from a file, with the same models
 * and settings as our path (`nativeArguments`), one process a page as our path starts them.
 */
async function nativeAloneSeconds(scan: Uint8Array): Promise<number> {
  const dir = await mkdtemp(join(tmpdir(), 'portal-bench-ocr-'))
  try {
    const { pgm, dpi } = preparedPage(scan)
    const file = join(dir, 'page.pgm')
    await writeFile(file, pgm)
    const args = [file, 'stdout', ...nativeArguments(dpi)]
    const env = { ...process.env, OMP_THREAD_LIMIT: '1' }
    spawnSync(NATIVE_TESSERACT, args, { env, stdio: 'ignore' })
    const started = performance.now()
    for (let round = 0; round < TIMED_PAGES; round += 1) spawnSync(NATIVE_TESSERACT, args, { env, stdio: 'ignore' })
    return (performance.now() - started) / 1000 / TIMED_PAGES
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}

/** The wasm path's reference: a warm tesseract.js worker (same models and settings) on the prepared page alone. */
async function wasmAloneSeconds(scan: Uint8Array): Promise<number> {
  configureOcr({ workers: 1, engine: 'wasm' })
  const { pgm, dpi } = preparedPage(scan)
  try {
    await recognizeImage(pgm, dpi) // warm-up: starts the worker and loads the models
    const started = performance.now()
    for (let round = 0; round < TIMED_PAGES; round += 1) await recognizeImage(pgm, dpi)
    return (performance.now() - started) / 1000 / TIMED_PAGES
  } finally {
    await closeOcr()
  }
}

/**
 * OCR figures of issue 16: both engines side by side, each against its engine alone on the very image our path hands
 * it (same models, the npm "best" ones, and settings), so the ratio is what our path adds. A scan batch's effect on
 * the server: ocr-batch.bench.ts.
 */
export async function run(): Promise<BenchRow[]> {
  const pdf = await austrianInvoicePdf(20)
  const page = simulateScan(pdf, { dpi: 300, degrees: 1.5, seed: 300 })
  const rows: BenchRow[] = []
  const loadBefore = loadavg()[0]
  const native = probeNativeTesseract()
  const wasm = await secondsPerPage(page, 'wasm')
  const wasmAlone = await wasmAloneSeconds(page)
  rows.push({ group: GROUP, metric: 'tesseract.js (wasm): OCR path per page at 300 dpi, 1 worker', value: wasm, unit: 's' })
  rows.push({ group: GROUP, metric: 'tesseract.js alone (warm worker, prepared page)', value: wasmAlone, unit: 's' })
  rows.push({ group: GROUP, metric: 'wasm path / tesseract.js alone', value: wasm / wasmAlone, unit: '×' })
  if (native.ok) {
    const ours = await secondsPerPage(page, 'native')
    const alone = await nativeAloneSeconds(page)
    rows.push({ group: GROUP, metric: `${native.version} (native): OCR path per page at 300 dpi, 1 worker`, value: ours, unit: 's', target: '< 1', ok: ours < 1 })
    rows.push({ group: GROUP, metric: 'tesseract alone (CLI, prepared page from a file, same models and settings)', value: alone, unit: 's' })
    rows.push({ group: GROUP, metric: 'native path / tesseract alone', value: ours / alone, unit: '×', target: '<= 1.1', ok: ours / alone <= 1.1 })
    rows.push({ group: GROUP, metric: 'tesseract.js path / native path', value: wasm / ours, unit: '×' })
  } else {
    rows.push({ group: GROUP, metric: `native engine not measured: ${native.reason}`, value: 0, unit: '' })
  }
  // The machine is shared: the load tells how far wall times stand above the engine's own.
  rows.push({ group: GROUP, metric: 'load average (1 min) at start / end', value: Number(`${loadBefore.toFixed(1)}`), unit: `/ ${loadavg()[0].toFixed(1)}` })
  return rows
}
