import { describe, expect, it } from 'vitest'
import type { CorpusDocument } from './corpus'
import type { DocumentResult, FieldOutcome, ShownValue } from './evaluate'
import { renderCalibration, renderTunedHeldOutTable } from './report'
import { seededSample } from './sample'

const result = (docId: string, part: DocumentResult['part'], fields: Record<string, FieldOutcome>): DocumentResult => ({
  docId,
  set: 'mini',
  splitGroup: docId,
  part,
  file: `${docId}.pdf`,
  pages: 1,
  ms: 1,
  error: null,
  fields,
  misses: {},
  shown: [],
  runnerUps: [],
})

// Issue 32: the note states, per field, tuned against held-out accuracy from the page and from 300 dpi scans, in one table.
describe('the tuned and held-out table', () => {
  it('shows per field and set the tuning and held-out accuracy from the page and from scans, with counts and misses of the target', () => {
    const page = [result('a', 'tuning', { issue_date: 'hit', iban: 'hit' }), result('b', 'tuning', { issue_date: 'miss', iban: 'absent' }), result('c', 'held-out', { issue_date: 'hit', iban: 'na' })]
    const scan = [result('a', 'tuning', { issue_date: 'hit', iban: 'miss' }), result('c', 'held-out', { issue_date: 'miss', iban: 'na' })]
    const text = renderTunedHeldOutTable([{ set: 'austrian', page, scan, scanSample: 'seeded sample, 1 PDF per part' }], ['issue_date', 'iban', 'seller_name'], { page: 97, scan: 93 })
    const lines = text.split('\n')
    expect(lines[0]).toMatch(/^field\s+set\s+page tuning\s+page held-out\s+scan tuning\s+scan held-out$/)
    expect(lines.find((l) => l.startsWith('issue_date'))?.split(/\s{2,}/)).toEqual(['issue_date', 'austrian', '50 (2) !', '100 (1)', '100 (1)', '0 (1) !'])
    // A value the page does not print is left out of its cell; a part that does not state the field shows "-".
    expect(lines.find((l) => l.startsWith('iban'))?.split(/\s{2,}/)).toEqual(['iban', 'austrian', '100 (1)', '-', '0 (1) !', '-'])
    expect(lines.some((l) => l.startsWith('seller_name'))).toBe(false)
    expect(text).toContain('austrian: page 2 + 1, scan 1 + 1 (seeded sample, 1 PDF per part)')
  })
})

describe('the seeded sample of the scans', () => {
  const doc = (docId: string, splitGroup: string, part: CorpusDocument['part']): CorpusDocument => ({ docId, set: 'mini', file: `${docId}.pdf`, fileNoxml: null, splitGroup, part, truth: {} })
  const docs = [...['a1', 'a2', 'a3'].map((id) => doc(id, 'a', 'tuning')), doc('b1', 'b', 'tuning'), doc('c1', 'c', 'tuning'), doc('h1', 'h', 'held-out')]

  it('takes the same documents for the same seed, one split group after another, and only of the part asked for', () => {
    const sample = seededSample(docs, 'tuning', 3, 32)
    expect(sample.map((d) => d.docId)).toEqual(seededSample([...docs].reverse(), 'tuning', 3, 32).map((d) => d.docId))
    expect(new Set(sample.map((d) => d.splitGroup))).toEqual(new Set(['a', 'b', 'c']))
    expect(seededSample(docs, 'tuning', 10, 32)).toHaveLength(5)
    expect(seededSample(docs, 'held-out', 10, 32).map((d) => d.docId)).toEqual(['h1'])
  })
})

describe('the calibration of the mark on scans', () => {
  const at = (field: string, outcome: ShownValue['outcome'], confidence: number): ShownValue => ({ field, source: 7, confidence, flagged: false, outcome })
  const scan = (docId: string, part: DocumentResult['part'], shown: ShownValue[]) => ({ ...result(docId, part, Object.fromEntries(shown.map((v) => [v.field, v.outcome === 'right' ? 'hit' : 'miss']))), shown })

  it('chooses the threshold on the tuning part, shows its rates on both parts, and the rule before against the rule now', () => {
    const results = [
      scan('t1', 'tuning', [at('buyer_name', 'wrong', 0.4), at('invoice_number', 'right', 0.55)]),
      scan('t2', 'tuning', [at('buyer_name', 'right', 0.5), at('invoice_number', 'right', 0.85)]),
      scan('h1', 'held-out', [at('buyer_name', 'right', 0.4), at('invoice_number', 'right', 0.55)]),
    ]
    const text = renderCalibration(results, { thresholds: {}, otherwise: 0.8 }, { thresholds: { buyer_name: 0.405, invoice_number: 0 }, otherwise: 0.5 })
    expect(text.split('\n').find((l) => l.startsWith('buyer_name'))?.split(/\s{2,}/)).toEqual(['buyer_name', '0.405', '0.405', '0 of 1 / 0 of 1', '1 of 1 / 0 of 0'])
    expect(text).toContain('held-out part: before: 2.00 marks per all-right document (1), wrong values marked - of 0; now: 1.00 marks per all-right document (1)')
  })

  it('shows the OCR word cutoff the tuning part supports and its rates on both parts', () => {
    const read = (field: string, outcome: ShownValue['outcome'], wordConfidence: number): ShownValue => ({ field, source: 7, confidence: 0.9, flagged: false, outcome, wordConfidence })
    const results = [
      scan('t1', 'tuning', [read('buyer_name', 'wrong', 55), read('invoice_number', 'right', 96)]),
      scan('t2', 'tuning', [read('buyer_name', 'right', 91), read('invoice_number', 'right', 93)]),
      scan('h1', 'held-out', [read('buyer_name', 'wrong', 61), read('invoice_number', 'right', 97)]),
    ]
    const text = renderCalibration(results, { thresholds: {}, otherwise: 0 }, { thresholds: {}, otherwise: 0, wordCutoff: 70, wordSure: Infinity })
    expect(text).toContain('the rule marks a value read from a word below 70, sure from Infinity; the tuning part supports below 56, sure from Infinity')
    expect(text.split('\n').find((l) => l.startsWith('70 '))?.split(/\s{2,}/)).toEqual(['70', 'Infinity', '0.00 / 1 of 1', '- / 1 of 1'])
  })
})
