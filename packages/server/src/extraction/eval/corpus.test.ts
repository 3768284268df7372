import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { HELD_OUT_PERCENT, partOfGroup, readCorpus } from './corpus'

// Issue 32 item 8: every corpus the rules are tuned on holds out a part, fixed by the split group's name alone, so a
// document never moves between the parts and the versions of one sample invoice stay on one side.
describe('the split of a corpus into a tuning and a held-out part', () => {
  it('holds out about HELD_OUT_PERCENT of the groups, by the name alone, the same on every call', () => {
    const groups = Array.from({ length: 2000 }, (_, i) => `group-${i}`)
    const heldOut = groups.filter((g) => partOfGroup(g) === 'held-out').length / groups.length
    expect(Math.abs(heldOut * 100 - HELD_OUT_PERCENT)).toBeLessThan(4)
    for (const g of groups.slice(0, 50)) expect(partOfGroup(g)).toBe(partOfGroup(g))
  })

  it('keeps the documents of one split group together, and takes a manifest’s own part (the generated seeds)', () => {
    const set = join(mkdtempSync(join(tmpdir(), 'portal-split-')), 'mini')
    mkdirSync(join(set, 'gt'), { recursive: true })
    writeFileSync(join(set, 'gt', 't.json'), '{}')
    const documents = [
      ...['a', 'b', 'c'].map((v) => ({ doc_id: `sample-${v}`, file: 'mini/x.pdf', ground_truth: 'mini/gt/t.json', split_group: 'sample' })),
      { doc_id: 'seed-10001', file: 'mini/y.pdf', ground_truth: 'mini/gt/t.json', part: 'held-out' },
      { doc_id: 'seed-1', file: 'mini/z.pdf', ground_truth: 'mini/gt/t.json', part: 'tuning' },
    ]
    writeFileSync(join(set, 'manifest.json'), JSON.stringify({ source: 'mini', documents }))
    const parts = Object.fromEntries(readCorpus(set).map((doc) => [doc.docId, doc.part]))
    expect(new Set([parts['sample-a'], parts['sample-b'], parts['sample-c']])).toEqual(new Set([partOfGroup('sample')]))
    expect(parts['seed-10001']).toBe('held-out')
    expect(parts['seed-1']).toBe('tuning')
  })
})
