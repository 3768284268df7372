import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { gunzipSync } from 'node:zlib'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { extractDocument } from '../extract'
import { chooseOcrEngine, decideOcrEngine, probeNativeTesseract, probeNativeTesseractAsync } from './engine'
import { modelFile, nativeModelFolder, OCR_LANGUAGES } from './languages'
import { nativeArguments, parseTesseractTsv, startNative } from './native'
import { toPgm } from './raster'
import { activeOcrEngine, closeOcr, configureOcr } from './pool'
import { simulateScan } from './scan'
import { austrianInvoicePdf, TEST_INVOICE } from './test-invoice'

const OCR_TIMEOUT = 120_000
// A PATH holding no tesseract: what a server without Debian's tesseract-ocr sees.
const WITHOUT_TESSERACT = { ...process.env, PATH: '/nonexistent' }
const nativeInstalled = probeNativeTesseract().ok

async function readScan(): Promise<{ number?: string; gross?: string }> {
  const scan = simulateScan(await austrianInvoicePdf(), { dpi: 300, degrees: 1, seed: 7 })
  const result = await extractDocument(scan)
  if (!result.ok) throw new Error('the scan was refused')
  return { number: String(result.values.invoice_number?.value), gross: String(result.values.total_gross?.value) }
}

describe('choosing the OCR engine', () => {
  afterEach(async () => {
    await closeOcr()
    configureOcr({ engine: undefined, workers: 1 })
  })

  it('takes tesseract.js with OCR_ENGINE=wasm, without looking for the native engine', () => {
    const decision = chooseOcrEngine('wasm', () => {
      throw new Error('must not probe')
    })
    expect(decision.engine).toBe('wasm')
  })

  it('falls back to tesseract.js under auto when tesseract is not on PATH, and says why', () => {
    const decision = chooseOcrEngine('auto', () => probeNativeTesseract(WITHOUT_TESSERACT))
    expect(decision.engine).toBe('wasm')
    expect(decision.fallbackReason).toMatch(/not on PATH/)
  })

  it('refuses OCR_ENGINE=native when the native engine is absent, naming what is missing', () => {
    expect(() => chooseOcrEngine('native', () => probeNativeTesseract(WITHOUT_TESSERACT))).toThrow(/OCR_ENGINE=native.*not on PATH/)
  })

  it('decides the same at start-up without holding the event loop (the probe runs beside the start)', async () => {
    const fallback = await decideOcrEngine('auto', () => probeNativeTesseractAsync(WITHOUT_TESSERACT))
    expect(fallback).toEqual(chooseOcrEngine('auto', () => probeNativeTesseract(WITHOUT_TESSERACT)))
    await expect(decideOcrEngine('native', () => probeNativeTesseractAsync(WITHOUT_TESSERACT))).rejects.toThrow(/OCR_ENGINE=native.*not on PATH/)
    expect(await decideOcrEngine('auto')).toEqual(chooseOcrEngine('auto'))
    expect((await decideOcrEngine('wasm', () => Promise.reject(new Error('must not probe')))).engine).toBe('wasm')
  })

  it(
    'reads a scanned invoice with the tesseract.js fallback',
    async () => {
      configureOcr({ engine: 'wasm', workers: 1 })
      expect(activeOcrEngine()).toBe('wasm')
      expect(await readScan()).toEqual({ number: TEST_INVOICE.number, gross: TEST_INVOICE.gross })
    },
    OCR_TIMEOUT,
  )

  it.runIf(nativeInstalled)(
    'reads the same scan with the native tesseract where it is installed (auto picks it)',
    async () => {
      expect(chooseOcrEngine('auto').engine).toBe('native')
      configureOcr({ engine: 'native', workers: 1 })
      expect(await readScan()).toEqual({ number: TEST_INVOICE.number, gross: TEST_INVOICE.gross })
    },
    OCR_TIMEOUT,
  )
})

describe.runIf(nativeInstalled)('a page read by the native engine', () => {
  const pageFiles = () => readdirSync(tmpdir()).filter((name) => name.startsWith('portal-ocr-page-'))
  // A white page with one black bar: enough for tesseract to run, nothing to read.
  const blank = toPgm({ width: 200, height: 100, data: new Uint8Array(200 * 100).fill(255).fill(0, 200 * 50 + 20, 200 * 50 + 180) })

  it('leaves no page file behind once the page is read', async () => {
    const before = new Set(pageFiles())
    const page = await startNative(300).read(blank)
    expect(page.blocks).toBeDefined()
    // Other test files read pages at the same time: their files come and go, a file left behind stays.
    await vi.waitFor(() => expect(pageFiles().filter((name) => !before.has(name))).toEqual([]), { timeout: 10_000 })
  })

  it('gives up a page whose preparation failed without waiting for it', async () => {
    const reading = startNative(300)
    reading.cancel()
    // The process was killed: reading now fails at once instead of hanging on a page that never comes.
    await expect(reading.read(blank)).rejects.toThrow()
  })
})

describe("the native engine's models", () => {
  it('are the npm best models, unpacked unchanged into a local folder with their licence beside them', () => {
    const folder = nativeModelFolder()
    for (const language of OCR_LANGUAGES) {
      const unpacked = readFileSync(join(folder, `${language}.traineddata`))
      expect(unpacked.equals(gunzipSync(readFileSync(modelFile(language))))).toBe(true)
    }
    expect(readFileSync(join(folder, 'LICENSE-models.txt'), 'utf8')).toMatch(/Apache License, Version 2\.0/)
    const args = nativeArguments(300)
    expect(args.slice(args.indexOf('--tessdata-dir'), args.indexOf('--tessdata-dir') + 2)).toEqual(['--tessdata-dir', folder])
    expect(args).toEqual(expect.arrayContaining(['-l', 'deu+eng', '--oem', '1', '--dpi', '300']))
  })

  it.runIf(nativeInstalled)(
    "read a scan without Debian's language packages (tesseract's own model folder empty)",
    async () => {
      const empty = mkdtempSync(join(tmpdir(), 'portal-no-tessdata-'))
      const saved = process.env.TESSDATA_PREFIX
      process.env.TESSDATA_PREFIX = empty
      try {
        expect(probeNativeTesseract()).toMatchObject({ ok: true })
        configureOcr({ engine: 'native', workers: 1 })
        expect(await readScan()).toEqual({ number: TEST_INVOICE.number, gross: TEST_INVOICE.gross })
      } finally {
        if (saved === undefined) delete process.env.TESSDATA_PREFIX
        else process.env.TESSDATA_PREFIX = saved
        rmSync(empty, { recursive: true, force: true })
        await closeOcr()
        configureOcr({ engine: undefined, workers: 1 })
      }
    },
    OCR_TIMEOUT,
  )
})

describe("the native engine's TSV", () => {
  it('becomes blocks of paragraphs of lines of words with their boxes and confidence', () => {
    const tsv = [
      'level\tpage_num\tblock_num\tpar_num\tline_num\tword_num\tleft\ttop\twidth\theight\tconf\ttext',
      '1\t1\t0\t0\t0\t0\t0\t0\t2480\t3508\t-1\t',
      '2\t1\t1\t0\t0\t0\t100\t200\t600\t40\t-1\t',
      '3\t1\t1\t1\t0\t0\t100\t200\t600\t40\t-1\t',
      '4\t1\t1\t1\t1\t0\t100\t200\t600\t40\t-1\t',
      '5\t1\t1\t1\t1\t1\t100\t200\t300\t40\t96.5\tRechnung',
      '5\t1\t1\t1\t1\t2\t420\t202\t280\t38\t91\tRE-2026-0417',
    ].join('\n')
    const page = parseTesseractTsv(tsv)
    const line = page.blocks![0].paragraphs[0].lines[0]
    expect(line.bbox).toEqual({ x0: 100, y0: 200, x1: 700, y1: 240 })
    expect(line.words.map((word) => word.text)).toEqual(['Rechnung', 'RE-2026-0417'])
    expect(line.words[1]).toEqual({ text: 'RE-2026-0417', confidence: 91, bbox: { x0: 420, y0: 202, x1: 700, y1: 240 } })
  })
})
