import { describe, expect, it } from 'vitest'
import { attentionSummary, attentionUnder, suggestWordRule } from './attention'
import type { DocumentResult, ShownValue } from './evaluate'

const value = (field: string, outcome: ShownValue['outcome'], flagged: boolean): ShownValue => ({ field, source: 2, confidence: flagged ? 0.25 : 0.9, flagged, outcome })
const result = (docId: string, shown: ShownValue[], runnerUps: DocumentResult['runnerUps'] = []): DocumentResult => ({
  docId,
  set: 'mini',
  splitGroup: docId,
  part: 'held-out',
  file: `${docId}.pdf`,
  pages: 1,
  ms: 1,
  error: null,
  fields: Object.fromEntries(shown.filter((v) => v.outcome !== 'unknown').map((v) => [v.field, v.outcome === 'right' ? 'hit' : 'miss'])),
  misses: {},
  shown,
  runnerUps,
})

// Issue 32 item 2: the bench reports the attention flag's two rates per field, and, since a held-out part shows few
// wrong values of its own, how many of the wrong readings the rules passed over the mark would catch if chosen.
describe('attentionSummary', () => {
  it('counts marks on all-right documents, wrong values marked, and runner-up readings marked, per field', () => {
    const summary = attentionSummary([
      result('a', [value('invoice_number', 'right', false), value('seller_name', 'right', true)], [
        { field: 'invoice_number', value: 'R-2', confidence: 0.5, flagged: false },
        { field: 'seller_name', value: 'Muster GmbH', confidence: 0.25, flagged: true },
      ]),
      result('b', [value('invoice_number', 'right', false), value('delivery_date', 'wrong', true), value('buyer_name', 'wrong', false)]),
    ])
    expect(summary.allRightDocuments).toBe(1)
    expect(summary.flagsPerAllRightDocument).toBe(1)
    expect(summary.wrong).toBe(2)
    expect(summary.wrongFlaggedShare).toBe(0.5)
    expect(summary.runnerUps).toBe(2)
    expect(summary.runnerUpsFlaggedShare).toBe(0.5)
    const byField = Object.fromEntries(summary.fields.map((f) => [f.field, f]))
    expect(byField.invoice_number).toMatchObject({ right: 2, rightFlagged: 0, runnerUps: 1, runnerUpsFlagged: 0 })
    expect(byField.seller_name).toMatchObject({ right: 1, rightFlagged: 1, runnerUps: 1, runnerUpsFlagged: 1 })
    expect(byField.delivery_date).toMatchObject({ wrong: 1, wrongFlagged: 1 })
  })
})

// Issue 32: the mark on OCR values is calibrated on the tuning scans; the bench measures a rule on settled confidences.
describe('attentionUnder', () => {
  const at = (field: string, outcome: ShownValue['outcome'], confidence: number): ShownValue => ({ field, source: 7, confidence, flagged: false, outcome })
  it('marks by the rule’s threshold per field, the others below its default, and a contradicted value always', () => {
    const results = [result('a', [at('buyer_name', 'wrong', 0.4), at('buyer_name', 'right', 0.5), at('iban', 'right', 0.4), at('total_gross', 'wrong', 0.2), at('payment_method', 'right', 0.45)])]
    const summary = attentionUnder(results, { thresholds: { buyer_name: 0.405, iban: 0, total_gross: 0 }, otherwise: 0.5 })
    const byField = Object.fromEntries(summary.fields.map((f) => [f.field, f]))
    expect(byField.buyer_name).toMatchObject({ right: 1, rightFlagged: 0, wrong: 1, wrongFlagged: 1 })
    expect(byField.iban).toMatchObject({ right: 1, rightFlagged: 0 })
    expect(byField.total_gross).toMatchObject({ wrong: 1, wrongFlagged: 1 })
    expect(byField.payment_method).toMatchObject({ right: 1, rightFlagged: 1 })
    expect(attentionUnder(results, { thresholds: {}, otherwise: 0.8 }).wrongFlaggedShare).toBe(1)
  })
})

// Issue 32: on scans the wrong values that pass are misread words; the OCR engine's word confidence is calibrated too.
describe('the OCR word cutoff', () => {
  const read = (field: string, outcome: ShownValue['outcome'], confidence: number, wordConfidence: number): ShownValue => ({ field, source: 7, confidence, flagged: false, outcome, wordConfidence })
  const rule = { thresholds: {}, otherwise: 0 }
  const tuning = [
    result('a', [read('buyer_name', 'wrong', 0.9, 55), read('invoice_number', 'right', 0.9, 96)]),
    result('b', [read('buyer_name', 'right', 0.9, 62), read('invoice_number', 'right', 0.9, 91)]),
    result('c', [read('buyer_name', 'right', 0.9, 80), read('invoice_number', 'right', 0.9, 70)]),
  ]

  it('marks a value read from a word below the cutoff, whatever the rules’ confidence', () => {
    expect(attentionUnder(tuning, { ...rule, wordCutoff: 56 }).wrongFlaggedShare).toBe(1)
    expect(attentionUnder(tuning, { ...rule, wordCutoff: 56 }).flagsPerAllRightDocument).toBe(0)
    expect(attentionUnder(tuning, { ...rule, wordCutoff: 55 }).wrongFlaggedShare).toBe(0)
  })

  it('chooses, on the part given, the cutoff marking the most wrong values with the fewest marks within those allowed', () => {
    expect(suggestWordRule(tuning, rule, 1)).toMatchObject({ cutoff: 56, sure: Infinity, wrongFlagged: 1, wrong: 1, flagsPerAllRightDocument: 0 })
    // A wrong value read from a surer word than a right one cannot be had without marks on right values.
    const surer = [result('a', [read('buyer_name', 'wrong', 0.9, 85)]), result('b', [read('buyer_name', 'right', 0.9, 60)])]
    expect(suggestWordRule(surer, rule, 0)).toMatchObject({ cutoff: 0, wrongFlagged: 0 })
  })

  it('lifts the field threshold’s mark from a value read from words the engine was sure of, not a contradicted one', () => {
    const thresholds = { thresholds: { buyer_name: 0.405 }, otherwise: 0 }
    const names = [result('a', [read('buyer_name', 'right', 0.4, 95)]), result('b', [read('buyer_name', 'wrong', 0.4, 60)])]
    expect(attentionUnder(names, { ...thresholds, wordSure: 90 })).toMatchObject({ flagsPerAllRightDocument: 0, wrongFlaggedShare: 1 })
    expect(attentionUnder([result('c', [read('buyer_name', 'right', 0.25, 95)])], { ...thresholds, wordSure: 90 }).flagsPerAllRightDocument).toBe(1)
    expect(suggestWordRule(names, thresholds, 0)).toMatchObject({ cutoff: 61, sure: 95, wrongFlagged: 1, flagsPerAllRightDocument: 0 })
  })

  it('spares the values the document confirms when the rule says so', () => {
    const confirmed = [result('a', [read('total_gross', 'right', 0.95, 40)])]
    expect(attentionUnder(confirmed, { ...rule, wordCutoff: 60 }).flagsPerAllRightDocument).toBe(1)
    expect(attentionUnder(confirmed, { ...rule, wordCutoff: 60, wordSpares: 0.95 }).flagsPerAllRightDocument).toBe(0)
  })
})
