import type { PageText, TextWord } from '../text/layout'
import type { Box, Candidate } from '../types'

// A word stands inside a value's box when its own box does, give or take this (PDF points): the rules' boxes are the
// union of the very words a value was read from (layout.ts boxOfRange), so rounding is all there is to allow for.
const SLACK = 0.5

const inside = (word: Box, box: Box) =>
  word.x >= box.x - SLACK && word.y >= box.y - SLACK && word.x + word.width <= box.x + box.width + SLACK && word.y + word.height <= box.y + box.height + SLACK

/**
 * Gives each candidate read from OCR words the lowest confidence the engine gave one of them (tesseract's, 0..100): a
 * value is as doubtful as its most doubtful word ("Rechtsanwdlte" at 55 beside "Huber" at 96). The words are those
 * whose boxes lie inside the candidate's box, on its page; a candidate with no box, or whose words carry no confidence
 * (a text layer), is left as it is.
 */
export function withWordConfidence(candidates: Candidate[], pages: readonly PageText[]): Candidate[] {
  const wordsOf = new Map<number, TextWord[]>()
  for (const page of pages) {
    const scored = page.lines.flatMap((line) => line.segments.flatMap((segment) => segment.words)).filter((word) => word.confidence !== undefined)
    if (scored.length > 0) wordsOf.set(page.page, scored)
  }
  if (wordsOf.size === 0) return candidates
  return candidates.map((candidate) => {
    const box = candidate.box
    const words = candidate.page === null || !box ? [] : (wordsOf.get(candidate.page) ?? []).filter((word) => inside(word.box, box))
    return words.length === 0 ? candidate : { ...candidate, ocrWordConfidence: Math.min(...words.map((word) => word.confidence!)) }
  })
}
