/** A box in image pixels, as both engines give it. */
export interface OcrBox {
  x0: number
  y0: number
  x1: number
  y1: number
}

/** One recognised word and how sure the engine is of it (0..100). */
export interface OcrWord {
  text: string
  confidence: number
  bbox: OcrBox
}

/**
 * What an OCR engine read on a page: the part of tesseract.js's answer the page text needs, which the native
 * engine's TSV is turned into as well, so everything after OCR runs the same whichever engine read the page.
 */
export interface OcrPage {
  blocks: OcrBlock[] | null
}

/** A block of text: paragraphs of lines of words. */
export interface OcrBlock {
  paragraphs: { lines: OcrLine[] }[]
}

/** One line of words and its box. */
export interface OcrLine {
  bbox: OcrBox
  words: OcrWord[]
}
