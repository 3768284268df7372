import { CONFIRMED } from '../confidence'
import { EVAL_FIELDS, VISIBLE_PAGE_FIELDS } from './compare'
import { attentionSummary, attentionUnder, suggestThresholds, suggestWordRule, wordRuleSweep, type AttentionSummary, type MarkRule, type WordRuleRecord } from './attention'
import type { CorpusPart } from './corpus'
import type { DocumentResult } from './evaluate'

/** Accuracy of one field: over documents, and as the mean over split groups of each group's accuracy. */
export interface FieldAccuracy {
  field: string
  stated: number
  hits: number
  perDocument: number
  groups: number
  perGroup: number
  /** Lowest accuracy of any group, the figure the per-group target is about. */
  worstGroup: number
  /** Misses whose true value is not printed on the page (the truth comes from the XML). */
  absent: number
  /** Accuracy over the documents whose page prints the true value. */
  printed: number
}

/** Computes per-field accuracy from document results. */
export function fieldAccuracy(results: DocumentResult[]): FieldAccuracy[] {
  return EVAL_FIELDS.map((field) => {
    const stated = results.filter((r) => r.fields[field] && r.fields[field] !== 'na')
    const hits = stated.filter((r) => r.fields[field] === 'hit').length
    const absent = stated.filter((r) => r.fields[field] === 'absent').length
    const byGroup = new Map<string, { hits: number; total: number }>()
    for (const result of stated) {
      const entry = byGroup.get(result.splitGroup) ?? { hits: 0, total: 0 }
      entry.total += 1
      if (result.fields[field] === 'hit') entry.hits += 1
      byGroup.set(result.splitGroup, entry)
    }
    const groupScores = [...byGroup.values()].map((g) => g.hits / g.total)
    return {
      field,
      stated: stated.length,
      hits,
      perDocument: stated.length ? hits / stated.length : NaN,
      groups: groupScores.length,
      perGroup: groupScores.length ? groupScores.reduce((a, b) => a + b, 0) / groupScores.length : NaN,
      worstGroup: groupScores.length ? Math.min(...groupScores) : NaN,
      absent,
      printed: stated.length - absent > 0 ? hits / (stated.length - absent) : NaN,
    }
  })
}

function percent(value: number): string {
  return Number.isNaN(value) ? '-' : `${(value * 100).toFixed(1)} %`
}

function table(header: string[], rows: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)))
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ')
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n')
}

/** Renders the accuracy table, the per-group table of the target fields, and the speed. */
export function renderReport(results: DocumentResult[], seconds: number): string {
  const accuracy = fieldAccuracy(results)
  const fieldTable = table(
    ['field', 'stated', 'hits', 'per document', 'groups', 'per group (mean)', 'worst group', 'not on page', 'where printed'],
    accuracy
      .filter((a) => a.stated > 0)
      .map((a) => [
        a.field,
        String(a.stated),
        String(a.hits),
        percent(a.perDocument),
        String(a.groups),
        percent(a.perGroup),
        percent(a.worstGroup),
        String(a.absent),
        percent(a.printed),
      ]),
  )
  const groups = [...new Set(results.map((r) => r.splitGroup))].sort()
  const groupTable = table(
    ['split group', 'docs', ...VISIBLE_PAGE_FIELDS],
    groups.map((group) => {
      const members = results.filter((r) => r.splitGroup === group)
      return [
        group.length > 40 ? group.slice(0, 39) + '…' : group,
        String(members.length),
        ...VISIBLE_PAGE_FIELDS.map((field) => {
          const stated = members.filter((r) => r.fields[field] && r.fields[field] !== 'na' && r.fields[field] !== 'absent')
          const absent = members.some((r) => r.fields[field] === 'absent') ? '*' : ''
          if (stated.length === 0) return absent ? 'n/p*' : '-'
          return percent(stated.filter((r) => r.fields[field] === 'hit').length / stated.length) + absent
        }),
      ]
    }),
  )
  const pages = results.reduce((sum, r) => sum + r.pages, 0)
  const errors = results.filter((r) => r.error)
  const speed = `${results.length} documents, ${pages} pages in ${seconds.toFixed(2)} s: ${(results.length / seconds).toFixed(1)} documents/s, ${(pages / seconds).toFixed(1)} pages/s`
  const refused = errors.length ? `\nrefused: ${errors.map((r) => `${r.docId} (${r.error})`).join(', ')}` : ''
  const note = '* documents whose page does not print the true value left out of the cell (n/p: none left)'
  return `${fieldTable}\n\n${groupTable}\n${note}\n\n${speed}${refused}`
}

const share = (hits: number, total: number) => (total ? `${percent(hits / total)} (${hits}/${total})` : '-')

/**
 * Accuracy per field on the tuning part and on the held-out part side by side (of the documents whose page prints the
 * true value): a rule fitted to the tuning part shows as a gap between the two.
 */
export function renderPartTable(results: DocumentResult[]): string {
  const tuning = fieldAccuracy(results.filter((r) => r.part === 'tuning'))
  const heldOut = fieldAccuracy(results.filter((r) => r.part === 'held-out'))
  const printed = (a: { stated: number; absent: number; hits: number }) => share(a.hits, a.stated - a.absent)
  return table(
    ['field', 'tuning', 'held-out'],
    tuning.filter((a, i) => a.stated + heldOut[i].stated > 0).map((a) => [a.field, printed(a), printed(heldOut.find((h) => h.field === a.field)!)]),
  )
}

/** The attention flag ("Low confidence: please check") on these results: per field and the two overall figures. */
export function renderAttention(results: DocumentResult[]): string {
  const summary = attentionSummary(results)
  const fields = table(
    ['field', 'right', 'right marked', 'wrong', 'wrong not marked', 'runner-ups', 'runner-ups marked'],
    summary.fields.map((f) => [f.field, String(f.right), share(f.rightFlagged, f.right), String(f.wrong), share(f.wrong - f.wrongFlagged, f.wrong), String(f.runnerUps), share(f.runnerUpsFlagged, f.runnerUps)]),
  )
  const perDoc = Number.isNaN(summary.flagsPerAllRightDocument) ? '-' : summary.flagsPerAllRightDocument.toFixed(2)
  return `${fields}

marks per document where every field is right: ${perDoc} (${summary.allRightDocuments} documents); wrong values marked: ${percent(summary.wrongFlaggedShare)} of ${summary.wrong}; runner-up readings marked had they been chosen: ${percent(summary.runnerUpsFlaggedShare)} of ${summary.runnerUps}`
}

/** One set's results for the tuned/held-out table: from the page, and from scans (a sample, named in the table). */
export interface SetResults {
  set: string
  page: DocumentResult[]
  scan: DocumentResult[] | null
  /** How the scans were chosen, e.g. "seeded sample, 15 per part". */
  scanSample?: string
}

/**
 * The one table issue 32 asks for: per field and set, the share read exactly on the tuning and the held-out part, from
 * the page (text layer) and from 300 dpi scans, of the documents whose page prints the true value, with their count.
 * A cell below its target ends in "!"; "-" where no document of the part states the field.
 */
export function renderTunedHeldOutTable(sets: readonly SetResults[], fields: readonly string[], targets: { page: number; scan: number }): string {
  const cell = (results: DocumentResult[] | null, part: CorpusPart, field: string, target: number) => {
    if (!results) return 'not run'
    const accuracy = fieldAccuracy(results.filter((r) => r.part === part)).find((a) => a.field === field)
    const n = accuracy ? accuracy.stated - accuracy.absent : 0
    if (!accuracy || n === 0) return '-'
    const value = (accuracy.hits / n) * 100
    return `${Number.isInteger(value) ? value : value.toFixed(1)} (${n})${value < target ? ' !' : ''}`
  }
  const rows = fields.flatMap((field) =>
    sets
      .map((s) => [
        field,
        s.set,
        cell(s.page, 'tuning', field, targets.page),
        cell(s.page, 'held-out', field, targets.page),
        cell(s.scan, 'tuning', field, targets.scan),
        cell(s.scan, 'held-out', field, targets.scan),
      ])
      // A set whose truth never states the field has no row for it.
      .filter((row) => row.slice(2).some((c) => c !== '-' && c !== 'not run')),
  )
  const header = ['field', 'set', 'page tuning', 'page held-out', 'scan tuning', 'scan held-out']
  const documents = (results: DocumentResult[] | null, part: CorpusPart) => (results ? String(results.filter((r) => r.part === part).length) : '-')
  const counts = sets.map((s) => `${s.set}: page ${documents(s.page, 'tuning')} + ${documents(s.page, 'held-out')}, scan ${documents(s.scan, 'tuning')} + ${documents(s.scan, 'held-out')}${s.scanSample ? ` (${s.scanSample})` : ''}`)
  return `${table(header, rows)}\n% of the documents whose page prints the true value (their count); ! below the target (page ${targets.page} %, scan ${targets.scan} %)\ndocuments, tuning + held-out: ${counts.join('; ')}`
}

/**
 * The mark's calibration on scans (issue 32): per field the threshold the tuning part supports (suggestThresholds), its
 * right values marked and wrong values passing on the tuning part and, never tuned on, the held-out part; then both
 * rules' overall figures (marks per all-right document, wrong values marked) on each part; then the OCR word cutoff.
 */
export function renderCalibration(results: readonly DocumentResult[], before: MarkRule, now: MarkRule, maxFlags = 1): string {
  const tuning = results.filter((r) => r.part === 'tuning')
  const heldOut = results.filter((r) => r.part === 'held-out')
  const suggested = suggestThresholds(tuning)
  const [tuned, held] = [attentionUnder(tuning, now), attentionUnder(heldOut, now)]
  const of = (summary: AttentionSummary, field: string) => summary.fields.find((f) => f.field === field)
  const rates = (f: ReturnType<typeof of>) => (f ? `${f.rightFlagged} of ${f.right} / ${f.wrong - f.wrongFlagged} of ${f.wrong}` : '-')
  const fields = [...new Set([...tuned.fields, ...held.fields].map((f) => f.field))].sort()
  const perField = table(
    ['field', 'supported', 'rule', 'tuning: right marked / wrong passing', 'held-out: right marked / wrong passing'],
    fields.map((field) => [field, suggested[field] ? String(suggested[field].threshold) : '-', String(now.thresholds[field] ?? now.otherwise), rates(of(tuned, field)), rates(of(held, field))]),
  )
  const overall = (name: string, rule: MarkRule) =>
    [tuning, heldOut].map((part) => {
      const s = attentionUnder(part, rule)
      return `${name}: ${Number.isNaN(s.flagsPerAllRightDocument) ? '-' : s.flagsPerAllRightDocument.toFixed(2)} marks per all-right document (${s.allRightDocuments}), wrong values marked ${percent(s.wrongFlaggedShare)} of ${s.wrong}`
    })
  const [beforeTuning, beforeHeld] = overall('before', before)
  const [nowTuning, nowHeld] = overall('now', now)
  return `${perField}\n\ntuning part: ${beforeTuning}; ${nowTuning}\nheld-out part: ${beforeHeld}; ${nowHeld}\n\n${renderWordCutoffs(tuning, heldOut, now, maxFlags)}`
}

// The word cutoffs the calibration shows beside the ones the tuning part supports and the rule's own.
const SHOWN_CUTOFFS = [0, 30, 40, 50, 60, 65, 70, 75, 80, 85, 90]
const SHOWN_SURE = [Infinity, 97, 95, 93, 90, 85, 80]

/**
 * The OCR word cutoff (the SDK's OCR_DOUBTFUL_WORD_CONFIDENCE) and a "sure" level (measured, not applied: words at least
 * this sure lift the field threshold's mark): the pair the tuning part
 * supports (suggestWordRule: most wrong values marked at no more than `maxFlags` marks per all-right document), with
 * every OCR value doubted by its words and with the values the document confirms spared; then both rates on both parts
 * per doubtful cutoff (at the supported sure level) and per sure level (at the supported cutoff).
 */
function renderWordCutoffs(tuning: readonly DocumentResult[], heldOut: readonly DocumentResult[], now: MarkRule, maxFlags: number): string {
  const base = { ...now, wordCutoff: 0, wordSure: Infinity }
  const spared = { ...base, wordSpares: CONFIRMED }
  const [supported, supportedSparing] = [suggestWordRule(tuning, base, maxFlags), suggestWordRule(tuning, spared, maxFlags)]
  const rate = (r: WordRuleRecord) => `${Number.isNaN(r.flagsPerAllRightDocument) ? '-' : r.flagsPerAllRightDocument.toFixed(2)} / ${r.wrongFlagged} of ${r.wrong}`
  const both = (pairs: Array<{ cutoff: number; sure: number }>) => {
    const [t, h] = [wordRuleSweep(tuning, base, pairs), wordRuleSweep(heldOut, base, pairs)]
    return pairs.map((pair, i) => [String(pair.cutoff), String(pair.sure), rate(t[i]), rate(h[i])])
  }
  const unique = (values: number[]) => [...new Set(values)]
  const byCutoff = unique([...SHOWN_CUTOFFS, supported.cutoff, now.wordCutoff ?? 0]).sort((a, b) => a - b).map((cutoff) => ({ cutoff, sure: supported.sure }))
  const bySure = unique([...SHOWN_SURE, supported.sure, now.wordSure ?? Infinity]).sort((a, b) => b - a).map((sure) => ({ cutoff: supported.cutoff, sure }))
  const header = ['doubtful below', 'sure from', 'tuning: marks per all-right doc / wrong marked', 'held-out']
  const pair = (r: WordRuleRecord) => `below ${r.cutoff}, sure from ${r.sure}`
  const [spTuning, spHeld] = [wordRuleSweep(tuning, spared, [supportedSparing]), wordRuleSweep(heldOut, spared, [supportedSparing])]
  return [
    `OCR word confidence (0..100): the rule marks a value read from a word ${pair({ ...supported, cutoff: now.wordCutoff ?? 0, sure: now.wordSure ?? Infinity })}; the tuning part supports ${pair(supported)} at <= ${maxFlags} marks per all-right document`,
    `sparing the values the document confirms, it supports ${pair(supportedSparing)}: tuning ${rate(spTuning[0])}, held-out ${rate(spHeld[0])}`,
    '',
    table(header, [...both(byCutoff), ...both(bySure)]),
  ].join('\n')
}
