import { existsSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { attentionSummary } from '../packages/server/src/extraction/eval/attention'
import { readCorpus, type CorpusDocument, type CorpusPart } from '../packages/server/src/extraction/eval/corpus'
import { evaluateDocument, evaluationFile, type DocumentResult } from '../packages/server/src/extraction/eval/evaluate'
import { fieldAccuracy } from '../packages/server/src/extraction/eval/report'
import { closeOcr } from '../packages/server/src/extraction/ocr/pool'
import { scanDocuments, scanEvaluation } from '../packages/server/src/extraction/ocr/scan-eval'
import { closeExtractionThreads } from '../packages/server/src/extraction/thread/pool'
import { DEVELOPMENT_SEEDS, HELD_OUT_SEEDS, writeAustrianCorpus } from '../tests/support/austrian-invoices'
import type { BenchRow } from './table'

// Issue 16's accuracy targets: from the page ≥ 97 %, from 300 dpi scans ≥ 93 % on these fields.
const TARGET_FIELDS = ['invoice_number', 'issue_date', 'due_date', 'total_gross', 'total_net', 'total_tax', 'tax_breakdown', 'seller_vat_id', 'iban']
const PAGE_TARGET = 97
const SCAN_TARGET = 93
// Issue 32's targets for the attention flag on text-layer documents.
const MARKS_PER_CLEAN_DOCUMENT = 1
const WRONG_MARKED = 95
// The project's corpora sit beside the repository on the development machines; the bench measures them when present.
const CORPORA = resolve(process.env.EXTRACTION_BENCH_CORPORA ?? join(import.meta.dirname, '../../shared/corpora'))
// OCR is slow on a shared machine: scans are a sample of this many documents per set and part.
const SCAN_SAMPLE = Number(process.env.EXTRACTION_BENCH_SCAN_SAMPLE ?? 8)
const PARTS: CorpusPart[] = ['tuning', 'held-out']

const round = (share: number) => Math.round(share * 1000) / 10

/**
 * Share of documents read exactly, of those whose page prints the true value (the corpora's truth is their XML), per
 * target field and part: tuned on the one, measured on the other (the held-out figure is the one that counts).
 */
function rows(set: string, mode: 'page' | 'scan', results: DocumentResult[]): BenchRow[] {
  const target = mode === 'page' ? PAGE_TARGET : SCAN_TARGET
  const out: BenchRow[] = []
  for (const part of PARTS) {
    for (const accuracy of fieldAccuracy(results.filter((r) => r.part === part))) {
      if (!TARGET_FIELDS.includes(accuracy.field) || Number.isNaN(accuracy.printed)) continue
      const value = round(accuracy.printed)
      const n = accuracy.stated - accuracy.absent
      out.push({ group: 'extraction', metric: `${set} ${mode} ${accuracy.field} ${part} (n=${n})`, value, unit: '%', target: `>= ${target}`, ok: value >= target })
    }
  }
  return out
}

/** The attention flag on text-layer documents, per part: marks on all-right documents, wrong values marked, per field. */
function attentionRows(results: DocumentResult[]): BenchRow[] {
  const out: BenchRow[] = []
  for (const part of PARTS) {
    const summary = attentionSummary(results.filter((r) => r.part === part))
    const perDoc = Math.round(summary.flagsPerAllRightDocument * 100) / 100
    out.push({ group: 'attention', metric: `page marks per all-right document, ${part} (n=${summary.allRightDocuments})`, value: perDoc, unit: 'marks', target: `<= ${MARKS_PER_CLEAN_DOCUMENT}`, ok: perDoc <= MARKS_PER_CLEAN_DOCUMENT })
    if (summary.wrong > 0) {
      const marked = round(summary.wrongFlaggedShare)
      out.push({ group: 'attention', metric: `page wrong values marked, ${part} (n=${summary.wrong})`, value: marked, unit: '%', target: `>= ${WRONG_MARKED}`, ok: marked >= WRONG_MARKED })
    }
    // The wrong readings the rules passed over, as if chosen: the misreadings unseen invoices bring (no target of its own).
    if (summary.runnerUps > 0) out.push({ group: 'attention', metric: `page runner-up readings marked if chosen, ${part} (n=${summary.runnerUps})`, value: round(summary.runnerUpsFlaggedShare), unit: '%' })
    for (const field of summary.fields) {
      out.push({ group: 'attention', metric: `page ${field.field} right values marked, ${part} (n=${field.right})`, value: field.right ? round(field.rightFlagged / field.right) : 0, unit: '%' })
      if (field.wrong > 0) out.push({ group: 'attention', metric: `page ${field.field} wrong values not marked, ${part} (n=${field.wrong})`, value: round((field.wrong - field.wrongFlagged) / field.wrong), unit: '%' })
      if (field.runnerUps > 0) out.push({ group: 'attention', metric: `page ${field.field} runner-ups not marked, ${part} (n=${field.runnerUps})`, value: round((field.runnerUps - field.runnerUpsFlagged) / field.runnerUps), unit: '%' })
    }
  }
  return out
}

async function pageResults(docs: CorpusDocument[]): Promise<DocumentResult[]> {
  const results: DocumentResult[] = []
  for (const doc of docs) {
    const file = evaluationFile(doc, { noxml: true })
    if (file) results.push(await evaluateDocument(doc, file, { noxml: true }))
  }
  return results
}

/** A sample of each part for the scans: the first SCAN_SAMPLE PDFs of each part, one per split group. */
function scanSample(docs: CorpusDocument[]): CorpusDocument[] {
  return PARTS.flatMap((part) => scanDocuments(docs.filter((doc) => doc.part === part), 1).slice(0, SCAN_SAMPLE))
}

/**
 * Accuracy per target field from the visible page and from 300 dpi scans (native OCR where installed), on the tuning
 * and the held-out part of each set: the generated Austrian invoices (development seeds tuned on, held-out seeds never)
 * and, when present, the corpora (split by the hash of the split group, eval/corpus.ts). Then the attention flag's rates
 * on the text layer. `EXTRACTION_BENCH_SCAN=0` leaves the scans out; `EXTRACTION_BENCH_SCAN_SAMPLE` sizes them.
 */
export async function run(): Promise<BenchRow[]> {
  const folder = await mkdtemp(join(tmpdir(), 'portal-bench-extraction-'))
  const scans = process.env.EXTRACTION_BENCH_SCAN !== '0'
  try {
    await writeAustrianCorpus(join(folder, 'austrian'), [...DEVELOPMENT_SEEDS, ...HELD_OUT_SEEDS])
    const sets: Array<[string, CorpusDocument[]]> = [['austrian', readCorpus(folder)]]
    if (existsSync(CORPORA)) sets.push(['corpora', readCorpus(CORPORA)])
    const out: BenchRow[] = []
    const page: DocumentResult[] = []
    for (const [name, docs] of sets) {
      const results = await pageResults(docs)
      page.push(...results)
      out.push(...rows(name, 'page', results))
    }
    out.push(...attentionRows(page))
    if (scans) for (const [name, docs] of sets) out.push(...rows(name, 'scan', await scanEvaluation(scanSample(docs), 300)))
    return out
  } finally {
    await closeOcr()
    await closeExtractionThreads()
    await rm(folder, { recursive: true, force: true })
  }
}
