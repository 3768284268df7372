import { readFile } from 'node:fs/promises'
import { readCorpus, type CorpusDocument } from '../eval/corpus'
import { scoreDocument, type DocumentResult } from '../eval/evaluate'
import { printedText } from '../eval/on-page'
import { renderReport } from '../eval/report'
import { extractDocument } from '../extract'
import { DEFAULT_LIMITS } from '../inspect'
import { closeOcr, ocrSettings } from './pool'
import { simulateScan } from './scan'
import { seededRandom } from './scan-image'

/** Options of the scan evaluation (`eval:extraction -- DIR --scan`). */
export interface ScanEvalOptions {
  /** Resolutions to scan at; issue 5 asks for 200 and 300 dpi. */
  dpis: number[]
  /** At most this many documents per split group (the corpora repeat a few sample invoices); all when absent. */
  perGroup?: number
  misses: boolean
  out: (text: string) => void
}

// Scans of many pages exceed the upload limit uncompressed; the evaluation is about reading, not intake.
const SCAN_LIMITS = { ...DEFAULT_LIMITS, maxBytes: 2 * 1024 * 1024 * 1024 }

/** PDF documents of the corpus to scan (the visible-page copy), at most `perGroup` per split group. */
export function scanDocuments(docs: CorpusDocument[], perGroup: number | undefined): CorpusDocument[] {
  const taken = new Map<string, number>()
  return docs.filter((doc) => {
    if (!(doc.fileNoxml ?? doc.file).toLowerCase().endsWith('.pdf')) return false
    const count = taken.get(doc.splitGroup) ?? 0
    if (perGroup !== undefined && count >= perGroup) return false
    taken.set(doc.splitGroup, count + 1)
    return true
  })
}

/** Scans one document (slight rotation, light noise), reads the scan through the image/OCR path and scores it. */
async function evaluateScan(doc: CorpusDocument, index: number, dpi: number): Promise<DocumentResult> {
  const file = doc.fileNoxml ?? doc.file
  const pdf = await readFile(file)
  const random = seededRandom(index + 1)
  // A sheet fed slightly askew: up to two degrees either way, the same for a document on every run.
  const degrees = Math.round((random() * 4 - 2) * 100) / 100
  const scan = simulateScan(pdf, { dpi, degrees, seed: index + 1 })
  const started = performance.now()
  const result = await extractDocument(scan, { limits: SCAN_LIMITS })
  const ms = performance.now() - started
  // Whether the page prints the truth at all is read from the PDF that was scanned, as in --noxml.
  const original = await extractDocument(pdf, { ignoreEmbeddedXml: true })
  const printed = original.ok && original.text.length > 0 ? printedText(original.text) : null
  return scoreDocument(doc, file, result, ms, printed)
}

/**
 * `eval:extraction -- DIR --scan`: every PDF rendered to a scan at each resolution and read by OCR with
 * the same truth; one accuracy table per resolution. As many documents run at once as there are OCR
 * workers, so single-page documents keep every worker busy.
 */
export async function runScanEval(dir: string, options: ScanEvalOptions): Promise<number> {
  const docs = scanDocuments(readCorpus(dir), options.perGroup)
  try {
    await evaluateAll(docs, options)
  } finally {
    // The workers would keep the process alive.
    await closeOcr()
  }
  return 0
}

/** Each document scanned at `dpi` and read by OCR, as many at once as there are OCR workers; results in `docs` order. */
export async function scanEvaluation(docs: CorpusDocument[], dpi: number): Promise<DocumentResult[]> {
  const results: DocumentResult[] = new Array(docs.length)
  let next = 0
  const lane = async () => {
    while (next < docs.length) {
      const index = next
      next += 1
      results[index] = await evaluateScan(docs[index], index, dpi)
    }
  }
  await Promise.all(Array.from({ length: ocrSettings().workers }, lane))
  return results
}

async function evaluateAll(docs: CorpusDocument[], options: ScanEvalOptions): Promise<void> {
  const parallel = ocrSettings().workers
  for (const dpi of options.dpis) {
    const started = performance.now()
    const results = await scanEvaluation(docs, dpi)
    const seconds = (performance.now() - started) / 1000
    const sample = options.perGroup === undefined ? 'every PDF' : `at most ${options.perGroup} per split group`
    options.out(`mode: scan at ${dpi} dpi (rotated up to 2 degrees, light noise; ${sample}; ${parallel} OCR workers)\n\n`)
    options.out(renderReport(results, seconds) + '\n\n')
    if (options.misses) {
      for (const result of results) {
        for (const [field, miss] of Object.entries(result.misses)) {
          options.out(`MISS ${dpi}dpi ${result.docId} ${field}: expected ${JSON.stringify(miss.expected)} got ${JSON.stringify(miss.actual)}\n`)
        }
      }
    }
  }
}
