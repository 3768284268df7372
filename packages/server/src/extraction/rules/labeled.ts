import type { Doc, DocLine } from './document'

/** Where a label stands in the document. */
export interface LabelHit {
  line: DocLine
  index: number
  length: number
  /** Text after the label on the same line. */
  rest: string
  /** Offset of `rest` in the line's text. */
  restIndex: number
}

/** Every place a label regex matches, first match per line. */
export function findLabels(doc: Doc, pattern: RegExp): LabelHit[] {
  const hits: LabelHit[] = []
  for (const line of doc.lines) {
    const match = pattern.exec(line.text)
    if (!match) continue
    const restIndex = match.index + match[0].length
    hits.push({ line, index: match.index, length: match[0].length, rest: line.text.slice(restIndex), restIndex })
  }
  return hits
}

/** The matches of a label regex on a hit's line after the hit itself (a header row naming several columns of one kind). */
export function laterLabels(hit: LabelHit, pattern: RegExp): LabelHit[] {
  const hits: LabelHit[] = []
  const global = new RegExp(pattern.source, pattern.flags.includes('g') ? pattern.flags : `${pattern.flags}g`)
  global.lastIndex = hit.index + hit.length
  for (let match = global.exec(hit.line.text); match; match = global.exec(hit.line.text)) {
    const restIndex = match.index + match[0].length
    hits.push({ line: hit.line, index: match.index, length: match[0].length, rest: hit.line.text.slice(restIndex), restIndex })
  }
  return hits
}

function overlapping(line: DocLine, left: number, right: number): { index: number; text: string } | null {
  let offset = 0
  for (const segment of line.line.segments) {
    const start = line.text.indexOf(segment.text, offset)
    offset = start + segment.text.length
    if (segment.box.x < right + 2 && segment.box.x + segment.box.width > left - 2) return { index: start, text: segment.text }
  }
  return null
}

/**
 * The texts standing under a label in the following lines (header row / value rows layouts): per line, the
 * segment on the same page that overlaps the label horizontally, as long as the column goes on.
 */
export function columnBelow(doc: Doc, hit: LabelHit, maxLines = 8): Array<{ line: DocLine; index: number; text: string }> {
  const spans = hit.line.line.spans.filter((s) => s.start < hit.index + hit.length && s.end > hit.index)
  if (spans.length === 0) return []
  const left = Math.min(...spans.map((s) => s.word.box.x))
  const right = Math.max(...spans.map((s) => s.word.box.x + s.word.box.width))
  const result: Array<{ line: DocLine; index: number; text: string }> = []
  let previous = hit.line
  for (let index = hit.line.index + 1; index < doc.lines.length && result.length < maxLines; index += 1) {
    const line = doc.lines[index]
    if (line.page !== hit.line.page) break
    // Only directly below: a gap of more than about two lines ends the column.
    const gap = line.line.box.y - (previous.line.box.y + previous.line.box.height)
    if (gap > previous.line.box.height * 2.5) break
    const cell = overlapping(line, left, right)
    if (!cell) break
    result.push({ line, ...cell })
    previous = line
  }
  return result
}

/**
 * The segment right of a label at about the same height but grouped into a neighbouring line because its
 * baseline differs (a small label beside a bigger value).
 */
export function segmentRightOf(doc: Doc, hit: LabelHit): { line: DocLine; index: number; text: string } | null {
  const spans = hit.line.line.spans.filter((s) => s.start < hit.index + hit.length && s.end > hit.index)
  if (spans.length === 0) return null
  const right = Math.max(...spans.map((s) => s.word.box.x + s.word.box.width))
  const top = Math.min(...spans.map((s) => s.word.box.y))
  const bottom = Math.max(...spans.map((s) => s.word.box.y + s.word.box.height))
  let best: { line: DocLine; index: number; text: string; x: number } | null = null
  for (let index = hit.line.index - 2; index <= hit.line.index + 2; index += 1) {
    const line = doc.lines[index]
    if (!line || line.page !== hit.line.page || line === hit.line) continue
    let offset = 0
    for (const segment of line.line.segments) {
      const start = line.text.indexOf(segment.text, offset)
      offset = start + segment.text.length
      const overlap = Math.min(bottom, segment.box.y + segment.box.height) - Math.max(top, segment.box.y)
      if (segment.box.x < right || overlap < (bottom - top) * 0.5) continue
      if (!best || segment.box.x < best.x) best = { line, index: start, text: segment.text, x: segment.box.x }
    }
  }
  return best ? { line: best.line, index: best.index, text: best.text } : null
}
