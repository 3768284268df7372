import { layoutLines, type PageText, type TextWord } from '../text/layout'
import type { Box } from '../types'
import type { OcrPage } from './ocr-result'
import type { PageRaster } from './raster'

// Words below this confidence (0..100) are mostly specks of noise read as letters.
const MIN_WORD_CONFIDENCE = 20
// A decimal comma read as a semicolon ("34;73"): between digits, before exactly two, it is never text.
const SEMICOLON_DECIMAL = /(\d);(\d{2})(?!\d)/g

/** A word as OCR read it, with its slips that have only one reading put right. */
export function cleanOcrWord(text: string): string {
  return text.replace(SEMICOLON_DECIMAL, '$1,$2')
}

/** Turns a box of the straightened page back by `degrees` (clockwise) around the page centre. */
function rotateBox(box: Box, degrees: number, centreX: number, centreY: number): Box {
  const radians = (degrees * Math.PI) / 180
  const cos = Math.cos(radians)
  const sin = Math.sin(radians)
  const dx = box.x + box.width / 2 - centreX
  const dy = box.y + box.height / 2 - centreY
  const x = centreX + dx * cos - dy * sin
  const y = centreY + dx * sin + dy * cos
  return { x: x - box.width / 2, y: y - box.height / 2, width: box.width, height: box.height }
}

/**
 * Converts tesseract's words into the PageText of the text-layer path (PDF points, origin top-left), so
 * the field rules run unchanged. Lines are laid out on the straightened page, where they are level;
 * boxes are then turned back by `skewDegrees` to stand where the words are on the page as delivered.
 */
export function ocrPageText(result: OcrPage, raster: PageRaster, skewDegrees: number): PageText {
  const scaleX = raster.widthPt / raster.image.width
  const scaleY = raster.heightPt / raster.image.height
  const words: TextWord[] = []
  for (const block of result.blocks ?? []) {
    for (const paragraph of block.paragraphs) {
      for (const line of paragraph.lines) {
        // Every word takes its line's top and height, so words of one line share a baseline for the layout.
        const top = line.bbox.y0 * scaleY
        const height = Math.max(1, (line.bbox.y1 - line.bbox.y0) * scaleY)
        for (const word of line.words) {
          const text = cleanOcrWord(word.text.trim())
          if (!text || word.confidence < MIN_WORD_CONFIDENCE) continue
          const x = word.bbox.x0 * scaleX
          // The engine's confidence goes with the word: a value read from a doubtful word asks to be checked.
          words.push({ text, box: { x, y: top, width: Math.max(1, (word.bbox.x1 - word.bbox.x0) * scaleX), height }, confidence: word.confidence })
        }
      }
    }
  }
  const lines = layoutLines(words)
  if (skewDegrees !== 0) {
    const centreX = raster.widthPt / 2
    const centreY = raster.heightPt / 2
    const turn = (box: Box) => rotateBox(box, skewDegrees, centreX, centreY)
    for (const line of lines) {
      line.box = turn(line.box)
      for (const segment of line.segments) {
        segment.box = turn(segment.box)
        for (const word of segment.words) word.box = turn(word.box)
      }
    }
  }
  return { page: raster.page, width: raster.widthPt, height: raster.heightPt, lines }
}
