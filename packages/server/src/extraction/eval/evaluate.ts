import { readFile } from 'node:fs/promises'
import { bestCandidates } from '../best'
import { settleConfidence } from '../confidence'
import { extractDocument, type ExtractionResult } from '../extract'
import { needsAttention } from '@portal/sdk/domain'
import { plausibleCandidates } from '../plausible'
import { extractFromPages } from '../rules/extract-fields'
import type { PageText } from '../text/layout'
import type { FieldName } from '../types'
import { EVAL_FIELDS, matches, truthValue } from './compare'
import { isPrinted, printedText, type PrintedText } from './on-page'
import type { CorpusDocument, CorpusPart } from './corpus'

/** Outcome of one field of one document: hit, miss, miss of a value the page does not print, or not stated. */
export type FieldOutcome = 'hit' | 'miss' | 'absent' | 'na'

/** A value the review would show for a field, how sure the machine was, and whether the truth says it is right. */
export interface ShownValue {
  field: string
  source: number
  confidence: number
  /** Marked "please check" by the SDK's needsAttention, as the review screen marks it. */
  flagged: boolean
  /** right or wrong by the truth; unknown where the truth does not state the field or the page prints another value. */
  outcome: 'right' | 'wrong' | 'unknown'
  /** The lowest OCR confidence (0..100) of the words the value was read from; absent off OCR words. */
  wordConfidence?: number
  /** Where that word confidence lowered `confidence`: the confidence the document's evidence gave, for the calibration. */
  evidenceConfidence?: number
}

/**
 * A reading the rules found but did not choose, wrong by the truth, settled as if the rules had chosen it: would the
 * mark have caught it? The held-out parts show few wrong values of their own; these stand in for the misreadings unseen
 * invoices bring (the rules choosing another reading they found).
 */
export interface RunnerUp {
  field: string
  /** The wrong reading, as the review would show it. */
  value: string
  confidence: number
  flagged: boolean
}

/** Evaluation of one document. */
export interface DocumentResult {
  docId: string
  set: string
  splitGroup: string
  part: CorpusPart
  file: string
  pages: number
  ms: number
  error: string | null
  fields: Record<string, FieldOutcome>
  /** Extracted value per missed field, to see why it missed. */
  misses: Record<string, { expected: unknown; actual: unknown }>
  /** Every value the review would show, for the attention flag's rates. */
  shown: ShownValue[]
  /** The wrong readings the rules passed over, chosen in turn (text layer only). */
  runnerUps: RunnerUp[]
}

/** Evaluation options: which copy of each document to read. */
export interface EvaluateOptions {
  /** Read the copy without embedded XML (docs_noxml); XML-only documents are skipped. */
  noxml: boolean
}

/** The file the evaluation reads for a document, or null when the mode does not apply to it. */
export function evaluationFile(doc: CorpusDocument, options: EvaluateOptions): string | null {
  if (!options.noxml) return doc.file
  if (doc.fileNoxml) return doc.fileNoxml
  return doc.file.toLowerCase().endsWith('.xml') ? null : doc.file
}

/** Extracts one document and scores every field its truth states. */
export async function evaluateDocument(doc: CorpusDocument, file: string, options: EvaluateOptions): Promise<DocumentResult> {
  const bytes = await readFile(file)
  const started = performance.now()
  const result = await extractDocument(bytes, { ignoreEmbeddedXml: options.noxml })
  const ms = performance.now() - started
  // Only the visible page can be checked for the value; XML and images have no text to compare against.
  const printed = result.ok && options.noxml && result.text.length > 0 ? printedText(result.text) : null
  const scored = scoreDocument(doc, file, result, ms, printed)
  return result.ok && printed ? { ...scored, runnerUps: runnerUpsOf(doc, result.text, scored.fields, printed) } : scored
}

/**
 * Per field the rules read right, their best wrong reading (by the truth) ranked first instead: it takes the right
 * reading's confidence and the right readings take its own (the rules' ranking of the two turned round), the whole
 * settled by the document as the engine settles it, and marked or not by the SDK's needsAttention.
 */
export function runnerUpsOf(doc: CorpusDocument, pages: PageText[], fields: Record<string, FieldOutcome>, printed: PrintedText): RunnerUp[] {
  const readings = plausibleCandidates(extractFromPages(pages))
  const out: RunnerUp[] = []
  for (const field of EVAL_FIELDS) {
    const expected = truthValue(doc.truth, field)
    if (expected === null || fields[field] !== 'hit' || !isPrinted(field, expected, printed)) continue
    const own = readings.filter((c) => c.field === field)
    const right = bestCandidates(own.filter((c) => matches(field, expected, c)))[field]
    const wrong = bestCandidates(own.filter((c) => !matches(field, expected, c)))[field]
    if (!right || !wrong) continue
    const swapped = readings.map((c) => {
      if (c === wrong) return { ...c, confidence: right.confidence }
      return c.field === field && matches(field, expected, c) ? { ...c, confidence: Math.min(c.confidence, wrong.confidence) } : c
    })
    // The wrong reading stands first among equals: the chosen one is the first of the highest.
    const ordered = [swapped[readings.indexOf(wrong)], ...swapped.filter((_, i) => i !== readings.indexOf(wrong))]
    const chosen = bestCandidates(settleConfidence(ordered, pages))[field]
    if (chosen && !matches(field, expected, chosen)) out.push({ field, value: typeof chosen.value === 'string' ? chosen.value : JSON.stringify(chosen.value), confidence: chosen.confidence, flagged: needsAttention(field, chosen.source, chosen.confidence) })
  }
  return out
}

/**
 * Scores every field the truth states against what the engine found; with the page's printed text, a
 * miss of a value the page does not show counts as 'absent'.
 */
export function scoreDocument(
  doc: CorpusDocument,
  file: string,
  result: ExtractionResult,
  ms: number,
  printed: PrintedText | null = null,
): DocumentResult {
  const fields: Record<string, FieldOutcome> = {}
  const misses: DocumentResult['misses'] = {}
  for (const field of EVAL_FIELDS) {
    const expected = truthValue(doc.truth, field)
    if (expected === null) {
      fields[field] = 'na'
      continue
    }
    const actual = result.ok ? result.values[field as FieldName] : undefined
    const hit = matches(field, expected, actual)
    fields[field] = hit ? 'hit' : printed && !isPrinted(field, expected, printed) ? 'absent' : 'miss'
    if (!hit) misses[field] = { expected, actual: actual?.value ?? null }
  }
  const shown: ShownValue[] = []
  for (const [field, candidate] of Object.entries(result.ok ? result.values : {})) {
    if (!candidate) continue
    const expected = truthValue(doc.truth, field as FieldName)
    const outcome = fields[field] === 'absent' || expected === null ? 'unknown' : matches(field as FieldName, expected, candidate) ? 'right' : 'wrong'
    const words = candidate.ocrWordConfidence === undefined ? {} : { wordConfidence: candidate.ocrWordConfidence, ...(candidate.evidenceConfidence === undefined ? {} : { evidenceConfidence: candidate.evidenceConfidence }) }
    shown.push({ field, source: candidate.source, confidence: candidate.confidence, flagged: needsAttention(field, candidate.source, candidate.confidence), outcome, ...words })
  }
  return {
    docId: doc.docId,
    set: doc.set,
    splitGroup: doc.splitGroup,
    part: doc.part,
    shown,
    runnerUps: [],
    file,
    pages: result.ok ? result.pages : 0,
    ms,
    error: result.ok ? null : result.refusal.key,
    fields,
    misses,
  }
}
