import { SOURCE_OCR } from '../sources'
import type { Candidate } from '../types'

/**
 * Marks candidates found on OCR-read pages with the OCR data source (7): the rules record the text-layer
 * source, not knowing where a page's text came from. A candidate with no page counts as OCR when every
 * page was read by OCR.
 */
export function withOcrSource(candidates: Candidate[], ocrPages: Set<number>, allPagesOcr: boolean): Candidate[] {
  if (ocrPages.size === 0) return candidates
  return candidates.map((candidate) =>
    (candidate.page === null ? allPagesOcr : ocrPages.has(candidate.page)) ? { ...candidate, source: SOURCE_OCR } : candidate,
  )
}
