import { describe, expect, it } from 'vitest'
import { DataSource, needsAttention } from '@portal/sdk/domain'
import { bestCandidates } from '../best'
import { settleConfidence } from '../confidence'
import { ocrPageText } from './page-text'
import type { OcrPage } from './ocr-result'
import type { PageRaster } from './raster'
import { withWordConfidence } from './word-confidence'
import { boxOfRange } from '../text/layout'
import type { Candidate } from '../types'

// One line of a 300 dpi scan as tesseract reports it: words with their boxes (pixels) and confidences (0..100).
function scannedLine(words: Array<[string, number]>): OcrPage {
  let x = 100
  const ocrWords = words.map(([text, confidence]) => {
    const bbox = { x0: x, y0: 200, x1: x + text.length * 25, y1: 240 }
    x = bbox.x1 + 20
    return { text, confidence, bbox }
  })
  return { blocks: [{ paragraphs: [{ lines: [{ bbox: { x0: 100, y0: 200, x1: x, y1: 240 }, words: ocrWords }] }] }] }
}
const raster: PageRaster = { page: 1, widthPt: 595, heightPt: 842, image: { width: 2480, height: 3508, data: new Uint8Array(0) } }

/** The buyer's name as a rule reads it: the words after "An:", with their box; then placed, settled and marked. */
function buyerOf(words: Array<[string, number]>) {
  const page = ocrPageText(scannedLine(words), raster, 0)
  const line = page.lines[0]
  const start = line.text.indexOf(' ') + 1
  const candidate: Candidate = { field: 'buyer_name', value: line.text.slice(start), source: DataSource.OCR, confidence: 0.9, page: 1, box: boxOfRange(line, start, line.text.length) }
  const chosen = bestCandidates(settleConfidence(withWordConfidence([candidate], [page]), [page])).buyer_name!
  return { chosen, marked: needsAttention('buyer_name', chosen.source, chosen.confidence) }
}

// Issue 32: wrong values that pass on scans are misread letters; tesseract says how sure it was of each word.
describe('withWordConfidence', () => {
  it('gives a value the lowest confidence of the OCR words it was read from, not of its label', () => {
    const { chosen } = buyerOf([['An:', 30], ['Huber', 96], ['Rechtsanwdlte', 55], ['GmbH', 93]])
    expect(chosen.ocrWordConfidence).toBe(55)
  })

  it('marks a value read from a word the engine doubted, and not one read from words it was sure of', () => {
    expect(buyerOf([['An:', 95], ['Majolie', 25], ['boutique', 91]]).marked).toBe(true)
    expect(buyerOf([['An:', 95], ['Jolie', 95], ['boutique', 96]]).marked).toBe(false)
  })

  it('leaves text-layer values alone: their words carry no confidence', () => {
    const candidate: Candidate = { field: 'buyer_name', value: 'Jolie', source: DataSource.PDF_Parse, confidence: 0.9, page: 1, box: { x: 0, y: 0, width: 50, height: 10 } }
    const page = { page: 1, width: 595, height: 842, lines: [] }
    expect(withWordConfidence([candidate], [page])[0].ocrWordConfidence).toBeUndefined()
  })
})
