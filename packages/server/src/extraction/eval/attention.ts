import { CONTRADICTED_CONFIDENCE } from '@portal/sdk/domain'
import type { DocumentResult, ShownValue } from './evaluate'

/** The attention flag's record on one field: right values marked (needlessly), wrong values not marked (missed). */
export interface FieldAttention {
  field: string
  right: number
  rightFlagged: number
  wrong: number
  wrongFlagged: number
  /** Wrong readings the rules passed over, settled as if chosen (evaluate.ts RunnerUp), and how many of them are marked. */
  runnerUps: number
  runnerUpsFlagged: number
}

/** The flag's record over a set of documents: per field, and the two figures issue 32 sets targets for. */
export interface AttentionSummary {
  fields: FieldAttention[]
  /** Documents where every value shown and every value the truth states is right. */
  allRightDocuments: number
  /** Marks on those documents, per document (target ≤ 1). */
  flagsPerAllRightDocument: number
  wrong: number
  /** Share of wrong values shown that are marked (target ≥ 95 %). */
  wrongFlaggedShare: number
  runnerUps: number
  /** Share of the runner-up readings marked had they been chosen: the unseen misreadings' stand-in. */
  runnerUpsFlaggedShare: number
}

/** Whether a document has no wrong value: none shown, none of the truth's fields missed where its page prints it. */
export function allRight(result: DocumentResult): boolean {
  return !result.error && !Object.values(result.fields).includes('miss') && !result.shown.some((value) => value.outcome === 'wrong')
}

/** Counts the attention flag's marks on right and wrong values, per field and over the documents. */
export function attentionSummary(results: readonly DocumentResult[]): AttentionSummary {
  const byField = new Map<string, FieldAttention>()
  const entryOf = (field: string) => byField.get(field) ?? { field, right: 0, rightFlagged: 0, wrong: 0, wrongFlagged: 0, runnerUps: 0, runnerUpsFlagged: 0 }
  for (const value of results.flatMap((result) => result.shown)) {
    if (value.outcome === 'unknown') continue
    const entry = entryOf(value.field)
    if (value.outcome === 'right') {
      entry.right += 1
      if (value.flagged) entry.rightFlagged += 1
    } else {
      entry.wrong += 1
      if (value.flagged) entry.wrongFlagged += 1
    }
    byField.set(value.field, entry)
  }
  for (const runnerUp of results.flatMap((result) => result.runnerUps)) {
    const entry = entryOf(runnerUp.field)
    entry.runnerUps += 1
    if (runnerUp.flagged) entry.runnerUpsFlagged += 1
    byField.set(runnerUp.field, entry)
  }
  const clean = results.filter(allRight)
  const fields = [...byField.values()].sort((a, b) => a.field.localeCompare(b.field))
  const wrong = fields.reduce((sum, f) => sum + f.wrong, 0)
  const wrongFlagged = fields.reduce((sum, f) => sum + f.wrongFlagged, 0)
  const runnerUps = fields.reduce((sum, f) => sum + f.runnerUps, 0)
  const runnerUpsFlagged = fields.reduce((sum, f) => sum + f.runnerUpsFlagged, 0)
  return {
    fields,
    allRightDocuments: clean.length,
    flagsPerAllRightDocument: clean.length ? clean.reduce((sum, r) => sum + r.shown.filter((v) => v.flagged).length, 0) / clean.length : NaN,
    wrong,
    wrongFlaggedShare: wrong ? wrongFlagged / wrong : NaN,
    runnerUps,
    runnerUpsFlaggedShare: runnerUps ? runnerUpsFlagged / runnerUps : NaN,
  }
}

/** What a needless mark costs against a wrong value left unmarked: a wrong value passing is the worse. */
export const WRONG_PASS_COST = 10

/**
 * The threshold per field the tuning part supports: of the thresholds that matter (just above each confidence seen, or
 * none), the one that marks fewest right values plus `wrongPassCost` (WRONG_PASS_COST) for each wrong value it leaves unmarked; ties go
 * to the higher threshold (marking more). A value is marked below its field's threshold.
 */
export function suggestThresholds(results: readonly DocumentResult[], wrongPassCost = WRONG_PASS_COST): Record<string, { threshold: number; right: number; rightMarked: number; wrong: number; wrongPassed: number }> {
  const values = new Map<string, { right: number[]; wrong: number[] }>()
  for (const value of results.flatMap((result) => result.shown)) {
    if (value.outcome === 'unknown') continue
    const entry = values.get(value.field) ?? { right: [], wrong: [] }
    entry[value.outcome].push(value.evidenceConfidence ?? value.confidence)
    values.set(value.field, entry)
  }
  const out: ReturnType<typeof suggestThresholds> = {}
  for (const [field, { right, wrong }] of values) {
    const options = [0, ...new Set([...right, ...wrong].map((c) => Math.round((c + 0.005) * 1000) / 1000))].sort((a, b) => a - b)
    let best = { threshold: 0, cost: Infinity, rightMarked: 0, wrongPassed: 0 }
    for (const threshold of options) {
      const rightMarked = right.filter((c) => c < threshold).length
      const wrongPassed = wrong.filter((c) => c >= threshold).length
      const cost = rightMarked + wrongPassCost * wrongPassed
      if (cost <= best.cost) best = { threshold, cost, rightMarked, wrongPassed }
    }
    out[field] = { threshold: best.threshold, right: right.length, rightMarked: best.rightMarked, wrong: wrong.length, wrongPassed: best.wrongPassed }
  }
  return out
}

/**
 * A rule for the mark: the threshold per field (fields not listed: `otherwise`); a contradicted value is always marked.
 * With the OCR engine's word confidences (0..100): a value read from a word below `wordCutoff` is marked (unless the
 * document's evidence gave it at least `wordSpares`), one read from words all at or above `wordSure` only when
 * contradicted (the SDK's ocrReadingConfidence).
 */
export interface MarkRule {
  thresholds: Record<string, number>
  otherwise: number
  wordCutoff?: number
  wordSure?: number
  wordSpares?: number
}

/** Whether a value of the results would be marked under a rule, as the SDK's needsAttention decides it. */
function markedBy(rule: MarkRule, value: ShownValue): boolean {
  const confidence = value.evidenceConfidence ?? value.confidence
  const word = value.wordConfidence
  if (word !== undefined && word < (rule.wordCutoff ?? 0) && confidence < (rule.wordSpares ?? Infinity)) return true
  if (confidence <= CONTRADICTED_CONFIDENCE) return true
  if (word !== undefined && word >= (rule.wordSure ?? Infinity)) return false
  return confidence < (rule.thresholds[value.field] ?? rule.otherwise)
}

/** The flag's record on results had `rule` decided the marks (confidences as settled): the summary issue 32 asks for. */
export function attentionUnder(results: readonly DocumentResult[], rule: MarkRule): AttentionSummary {
  return attentionSummary(results.map((result) => ({ ...result, shown: result.shown.map((value) => ({ ...value, flagged: markedBy(rule, value) })), runnerUps: [] })))
}

/** A rule's record on a part: marks per all-right document and the wrong values marked. */
export interface WordRuleRecord {
  cutoff: number
  sure: number
  flagsPerAllRightDocument: number
  wrong: number
  wrongFlagged: number
}

/** The record of `rule` with each pair of word cutoffs: below `cutoff` marked, from `sure` on lifted. */
export function wordRuleSweep(results: readonly DocumentResult[], rule: MarkRule, pairs: ReadonlyArray<{ cutoff: number; sure: number }>): WordRuleRecord[] {
  return pairs.map(({ cutoff, sure }) => {
    const summary = attentionUnder(results, { ...rule, wordCutoff: cutoff, wordSure: sure })
    return { cutoff, sure, flagsPerAllRightDocument: summary.flagsPerAllRightDocument, wrong: summary.wrong, wrongFlagged: Math.round(summary.wrongFlaggedShare * summary.wrong) || 0 }
  })
}

// The "sure" levels tried, highest first: none (Infinity), then whole numbers down to 50 (no surer word lifts a mark).
const SURE_OPTIONS = [Infinity, ...Array.from({ length: 51 }, (_, i) => 100 - i)]

/**
 * The word cutoffs the tuning part supports: of the cutoffs that matter (just above each word confidence seen, or none)
 * and of the "sure" levels (50..100, or none), the pair that marks the most wrong values while the all-right documents
 * keep at most `maxFlags` marks each on average; ties go to fewer marks, then to the higher cutoff and the higher sure level.
 */
export function suggestWordRule(tuning: readonly DocumentResult[], rule: MarkRule, maxFlags: number): WordRuleRecord {
  const seen = tuning.flatMap((result) => result.shown.flatMap((value) => (value.wordConfidence === undefined ? [] : [Math.floor(value.wordConfidence) + 1])))
  const cutoffs = [0, ...new Set(seen)].sort((a, b) => a - b)
  let best: WordRuleRecord | null = null
  for (const record of wordRuleSweep(tuning, rule, cutoffs.flatMap((cutoff) => SURE_OPTIONS.map((sure) => ({ cutoff, sure }))))) {
    if (!(record.flagsPerAllRightDocument <= maxFlags)) continue
    const better =
      !best ||
      record.wrongFlagged > best.wrongFlagged ||
      (record.wrongFlagged === best.wrongFlagged && record.flagsPerAllRightDocument < best.flagsPerAllRightDocument) ||
      // At no measured cost, a higher cutoff (a value read from a word so doubtful is garbage on an unseen scan too).
      (record.wrongFlagged === best.wrongFlagged && record.flagsPerAllRightDocument === best.flagsPerAllRightDocument && record.cutoff > best.cutoff && record.sure === best.sure)
    if (better) best = record
  }
  return best ?? wordRuleSweep(tuning, rule, [{ cutoff: 0, sure: Infinity }])[0]
}
