import type { PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs'
import { layoutLines, type PageText, type TextWord } from './layout'

interface PdfTextItem {
  str: string
  transform: number[]
  width: number
  height: number
}

function isTextItem(item: unknown): item is PdfTextItem {
  return typeof item === 'object' && item !== null && 'str' in item && 'transform' in item
}

function multiply(m: number[], n: number[]): number[] {
  return [
    m[0] * n[0] + m[2] * n[1],
    m[1] * n[0] + m[3] * n[1],
    m[0] * n[2] + m[2] * n[3],
    m[1] * n[2] + m[3] * n[3],
    m[0] * n[4] + m[2] * n[5] + m[4],
    m[1] * n[4] + m[3] * n[5] + m[5],
  ]
}

/** Splits one text item into words, spreading the item's width over its characters. */
function itemWords(item: PdfTextItem, viewport: number[]): TextWord[] {
  const matrix = multiply(viewport, item.transform)
  const fontHeight = Math.hypot(matrix[2], matrix[3]) || item.height || 1
  const scale = Math.hypot(viewport[0], viewport[1]) || 1
  const width = item.width * scale
  const baseline = matrix[5]
  const x0 = matrix[4]
  const perChar = item.str.length > 0 ? width / item.str.length : 0
  const words: TextWord[] = []
  const pattern = /\S+/g
  let match: RegExpExecArray | null
  while ((match = pattern.exec(item.str)) !== null) {
    words.push({
      text: match[0],
      box: { x: x0 + match.index * perChar, y: baseline - fontHeight, width: match[0].length * perChar, height: fontHeight },
    })
  }
  return words
}

/** Reads one page's text layer into positioned lines. */
export async function readPageText(pdf: PDFDocumentProxy, pageNumber: number): Promise<PageText> {
  const page = await pdf.getPage(pageNumber)
  const viewport = page.getViewport({ scale: 1 })
  const content = await page.getTextContent()
  const words = content.items.flatMap((item) => (isTextItem(item) ? itemWords(item, viewport.transform) : []))
  page.cleanup()
  return { page: pageNumber, width: viewport.width, height: viewport.height, lines: layoutLines(words) }
}

/**
 * Reads every page's text layer. A page whose content cannot be parsed comes back without lines (so OCR
 * can take it over) instead of failing the whole document.
 */
export async function readPdfText(pdf: PDFDocumentProxy): Promise<PageText[]> {
  const pages: PageText[] = []
  for (let number = 1; number <= pdf.numPages; number += 1) {
    try {
      pages.push(await readPageText(pdf, number))
    } catch {
      pages.push({ page: number, width: 595, height: 842, lines: [] })
    }
  }
  return pages
}
