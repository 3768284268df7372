import { boxOfRange, type PageText, type TextLine } from '../text/layout'
import type { Box } from '../types'
import { slashOrder, type SlashOrder } from './dates'

/** A line of the document with its page and position in reading order. */
export interface DocLine {
  page: number
  /** Index in the document's line list. */
  index: number
  text: string
  line: TextLine
}

/** All lines of a document plus document-wide facts rules need. */
export interface Doc {
  lines: DocLine[]
  order: SlashOrder
  /** Whole text, for notes and hints that are not tied to one label. */
  fullText: string
}

/** Flattens pages into one list of lines and decides the slashed-date order. */
export function makeDoc(pages: PageText[]): Doc {
  const lines: DocLine[] = []
  for (const page of pages) {
    for (const line of page.lines) lines.push({ page: page.page, index: lines.length, text: line.text, line })
  }
  const texts = lines.map((l) => l.text)
  return { lines, order: slashOrder(texts), fullText: texts.join('\n') }
}

/** Box of a character range of a document line. */
export function rangeBox(line: DocLine, start: number, length: number): Box {
  return boxOfRange(line.line, start, start + length)
}

// A scan often loses an umlaut's dots ("Falligkeit", "Rechnungsempfanger"): a label's umlaut matches the bare vowel too.
const UMLAUT_AS_READ: Record<string, string> = { ä: '[äa]', ö: '[öo]', ü: '[üu]' }

/**
 * A label regex that tolerates one stray space inside words ("Br uttosumme"), as some PDF writers space
 * letters apart; spaces in the label match any run of spaces, dots and hyphens; umlauts match their bare vowels.
 */
export function label(text: string): string {
  return text
    .split(' ')
    .map((word) =>
      [...word].map((char) => UMLAUT_AS_READ[char.toLowerCase()] ?? char.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join(' ?'),
    )
    .join('[\\s.\\-]*')
}

/** A case-insensitive regex matching any of the labels. */
export function labels(...texts: string[]): RegExp {
  // A label is a whole word: "total" is not the end of "subtotal", "Date" not the start of "Daten".
  return new RegExp(`(?<!\\p{L})(?:${texts.map(label).join('|')})(?!\\p{L})`, 'iu')
}
