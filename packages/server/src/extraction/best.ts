import type { Candidate, FieldName } from './types'

/** The best candidate per field: highest confidence, earlier candidates winning ties. */
export function bestCandidates(candidates: Candidate[]): Partial<Record<FieldName, Candidate>> {
  const best: Partial<Record<FieldName, Candidate>> = {}
  for (const candidate of candidates) {
    const current = best[candidate.field]
    if (!current || candidate.confidence > current.confidence) best[candidate.field] = candidate
  }
  return best
}
