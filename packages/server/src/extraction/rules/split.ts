import type { Candidate } from '../types'

/**
 * One invoice per PDF (SPEC §1): when confident invoice numbers on different pages differ, suggest page
 * ranges starting where each new number first appears. Null when the file looks like one invoice.
 */
export function suggestSplit(candidates: readonly Pick<Candidate, 'field' | 'value' | 'page' | 'confidence'>[], pages: number): { from: number; to: number }[] | null {
  if (pages < 2) return null
  const firstPageOf = new Map<string, number>()
  for (const c of candidates) {
    if (c.field !== 'invoice_number' || c.page === null || c.confidence < 0.6 || typeof c.value !== 'string') continue
    const seen = firstPageOf.get(c.value)
    if (seen === undefined || c.page < seen) firstPageOf.set(c.value, c.page)
  }
  const starts = [...new Set(firstPageOf.values())].sort((a, b) => a - b)
  if (starts.length < 2) return null
  if (starts[0] !== 1) starts.unshift(1)
  return starts.map((from, i) => ({ from, to: i + 1 < starts.length ? starts[i + 1] - 1 : pages }))
}
