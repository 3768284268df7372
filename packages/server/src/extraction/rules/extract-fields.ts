import type { PageText } from '../text/layout'
import type { Candidate } from '../types'

/** Rule-based field extraction from the visible pages. */
export function extractFromPages(pages: PageText[]): Candidate[] {
  void pages
  return []
}
