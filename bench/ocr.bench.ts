import { spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
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

/** Wall and CPU seconds per page. CPU counts this process's threads and its ended children (tesseract processes). */
interface PageSeconds {
  wall: number
  cpu: number
}

// Linux counts the CPU time of ended, waited-for children in /proc/self/stat (fields 16 and 17, clock ticks).
const CLOCK_TICKS = 100
function cpuSecondsSoFar(): number {
  const own = process.cpuUsage()
  const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ')
  const children = (Number(fields[13]) + Number(fields[14])) / CLOCK_TICKS
  return (own.user + own.system) / 1e6 + children
}

/** Times `pages` runs of `read`: on a shared machine the wall time rises with the load, the CPU time much less. */
async function timePages(read: () => Promise<unknown> | unknown): Promise<PageSeconds> {
  const cpu = cpuSecondsSoFar()
  const started = performance.now()
  for (let round = 0; round < TIMED_PAGES; round += 1) await read()
  return { wall: (performance.now() - started) / 1000 / TIMED_PAGES, cpu: (cpuSecondsSoFar() - cpu) / TIMED_PAGES }
}

/** Seconds of wall time per page read through the whole OCR path (render, straighten, contrast, rules, engine, layout) by one worker. */
async function secondsPerPage(scan: Uint8Array, engine: OcrEngine): Promise<PageSeconds> {
  configureOcr({ workers: 1, engine })
  const doc = openRenderable(scan, 'tiff')
  try {
    await ocrPage(doc.render(1)) // warm-up: starts the worker and loads the models
    return await timePages(() => ocrPage(doc.render(1)))
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
async function nativeAloneSeconds(scan: Uint8Array): Promise<PageSeconds> {
  const dir = await mkdtemp(join(tmpdir(), 'portal-bench-ocr-'))
  try {
    const { pgm, dpi } = preparedPage(scan)
    const file = join(dir, 'page.pgm')
    await writeFile(file, pgm)
    const args = [file, 'stdout', ...nativeArguments(dpi)]
    const env = { ...process.env, OMP_THREAD_LIMIT: '1' }
    spawnSync(NATIVE_TESSERACT, args, { env, stdio: 'ignore' })
    return await timePages(() => spawnSync(NATIVE_TESSERACT, args, { env, stdio: 'ignore' }))
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}

/** The wasm path's reference: a warm tesseract.js worker (same models and settings) on the prepared page alone. */
async function wasmAloneSeconds(scan: Uint8Array): Promise<PageSeconds> {
  configureOcr({ workers: 1, engine: 'wasm' })
  const { pgm, dpi } = preparedPage(scan)
  try {
    await recognizeImage(pgm, dpi) // warm-up: starts the worker and loads the models
    return await timePages(() => recognizeImage(pgm, dpi))
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
  const seconds = (metric: string, time: PageSeconds, target?: string, ok?: boolean) => {
    rows.push({ group: GROUP, metric: `${metric}: wall`, value: time.wall, unit: 's', target, ok })
    rows.push({ group: GROUP, metric: `${metric}: CPU`, value: time.cpu, unit: 's', target, ok: ok === undefined ? undefined : time.cpu < 1 })
  }
  seconds('tesseract.js (wasm): OCR path per page at 300 dpi, 1 worker', wasm)
  seconds('tesseract.js alone (warm worker, prepared page)', wasmAlone)
  rows.push({ group: GROUP, metric: 'wasm path / tesseract.js alone (wall; CPU)', value: wasm.wall / wasmAlone.wall, unit: `× ; ${(wasm.cpu / wasmAlone.cpu).toFixed(2)} ×` })
  if (native.ok) {
    const ours = await secondsPerPage(page, 'native')
    const alone = await nativeAloneSeconds(page)
    seconds(`${native.version} (native): OCR path per page at 300 dpi, 1 worker`, ours, '< 1', ours.wall < 1)
    seconds('tesseract alone (CLI, prepared page from a file, same models and settings)', alone)
    const ratio = ours.wall / alone.wall
    const cpuRatio = ours.cpu / alone.cpu
    rows.push({ group: GROUP, metric: 'native path / tesseract alone (wall)', value: ratio, unit: '×', target: '<= 1.1', ok: ratio <= 1.1 })
    rows.push({ group: GROUP, metric: 'native path / tesseract alone (CPU)', value: cpuRatio, unit: '×', target: '<= 1.1', ok: cpuRatio <= 1.1 })
    rows.push({ group: GROUP, metric: 'tesseract.js path / native path (wall; CPU)', value: wasm.wall / ours.wall, unit: `× ; ${(wasm.cpu / ours.cpu).toFixed(2)} ×` })
  } else {
    rows.push({ group: GROUP, metric: `native engine not measured: ${native.reason}`, value: 0, unit: '' })
  }
  // The machine is shared: the load tells how far wall times stand above the engine's own.
  rows.push({ group: GROUP, metric: 'load average (1 min) at start / end', value: Number(`${loadBefore.toFixed(1)}`), unit: `/ ${loadavg()[0].toFixed(1)}` })
  return rows
}
