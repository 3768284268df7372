import type { Box } from '../types'

/** A word on a page with its box (PDF points, origin top-left). */
export interface TextWord {
  text: string
  box: Box
  /** How sure the OCR engine was of the word (0..100); absent on a text layer, whose words are as written. */
  confidence?: number
}

/** Words of one line that stand close together; a wide gap starts a new segment (a new column). */
export interface TextSegment {
  text: string
  box: Box
  words: TextWord[]
}

/** Where a word stands in its line's text, so a match in the text maps back to a box. */
export interface WordSpan {
  start: number
  end: number
  word: TextWord
}

/** One visual line of a page. */
export interface TextLine {
  text: string
  box: Box
  segments: TextSegment[]
  spans: WordSpan[]
}

/** The text of one page: lines from top to bottom. */
export interface PageText {
  page: number
  width: number
  height: number
  lines: TextLine[]
}

/** The smallest box holding all the given boxes. */
export function unionBox(boxes: Box[]): Box {
  const left = Math.min(...boxes.map((b) => b.x))
  const top = Math.min(...boxes.map((b) => b.y))
  const right = Math.max(...boxes.map((b) => b.x + b.width))
  const bottom = Math.max(...boxes.map((b) => b.y + b.height))
  return { x: left, y: top, width: right - left, height: bottom - top }
}

function segmentOf(words: TextWord[]): TextSegment {
  let text = words[0].text
  for (let index = 1; index < words.length; index += 1) {
    const previous = words[index - 1].box
    const current = words[index].box
    const gap = current.x - (previous.x + previous.width)
    // Pieces of one word often come as separate items; only a visible gap is a space.
    text += gap > Math.min(previous.height, current.height) * 0.15 ? ' ' + words[index].text : words[index].text
  }
  return { text, box: unionBox(words.map((w) => w.box)), words }
}

/** Groups positioned words into lines (by baseline) and lines into segments (by horizontal gaps). */
export function layoutLines(words: TextWord[]): TextLine[] {
  const sorted = [...words].sort((a, b) => a.box.y + a.box.height - (b.box.y + b.box.height) || a.box.x - b.box.x)
  const rows: TextWord[][] = []
  for (const word of sorted) {
    const baseline = word.box.y + word.box.height
    const row = rows[rows.length - 1]
    if (row) {
      const last = row[row.length - 1]
      const rowBaseline = last.box.y + last.box.height
      if (Math.abs(baseline - rowBaseline) <= Math.max(2, Math.min(word.box.height, last.box.height) * 0.4)) {
        row.push(word)
        continue
      }
    }
    rows.push([word])
  }
  return rows.map((row) => {
    row.sort((a, b) => a.box.x - b.box.x)
    const segments: TextSegment[] = []
    let current: TextWord[] = [row[0]]
    for (let index = 1; index < row.length; index += 1) {
      const previous = row[index - 1].box
      const gap = row[index].box.x - (previous.x + previous.width)
      if (gap > Math.max(previous.height, row[index].box.height) * 1.2) {
        segments.push(segmentOf(current))
        current = []
      }
      current.push(row[index])
    }
    segments.push(segmentOf(current))
    return {
      text: segments.map((s) => s.text).join(SEGMENT_GAP),
      box: unionBox(segments.map((s) => s.box)),
      segments,
      spans: spansOf(segments),
    }
  })
}

/** Separator between segments in a line's text: wide enough for rules to tell columns apart. */
export const SEGMENT_GAP = '   '

function spansOf(segments: TextSegment[]): WordSpan[] {
  const spans: WordSpan[] = []
  let offset = 0
  segments.forEach((segment, index) => {
    if (index > 0) offset += SEGMENT_GAP.length
    // Re-find each word in the segment text: words were joined with or without a space.
    let cursor = 0
    for (const word of segment.words) {
      const at = segment.text.indexOf(word.text, cursor)
      const start = at < 0 ? cursor : at
      spans.push({ start: offset + start, end: offset + start + word.text.length, word })
      cursor = start + word.text.length
    }
    offset += segment.text.length
  })
  return spans
}

/** The box covering the characters [start, end) of a line's text, or the line's box if no word overlaps. */
export function boxOfRange(line: TextLine, start: number, end: number): Box {
  const words = line.spans.filter((span) => span.start < end && span.end > start).map((span) => span.word.box)
  return words.length > 0 ? unionBox(words) : line.box
}
