import * as mupdf from 'mupdf'
import { MimeType } from '@portal/sdk/domain'
import { layoutLines, type PageText, type TextWord } from './layout'

interface WordBuilder {
  text: string
  left: number
  right: number
  baseline: number
  size: number
}

function toWord(builder: WordBuilder): TextWord {
  // Same convention as the pdfjs reader: the box spans the font size above the baseline.
  return {
    text: builder.text,
    box: { x: builder.left, y: builder.baseline - builder.size, width: builder.right - builder.left, height: builder.size },
  }
}

function pageWords(page: mupdf.Page): TextWord[] {
  const text = page.toStructuredText('preserve-whitespace')
  const words: TextWord[] = []
  let current: WordBuilder | null = null
  const flush = () => {
    if (current && current.text !== '') words.push(toWord(current))
    current = null
  }
  try {
    text.walk({
      beginLine: flush,
      endLine: flush,
      onChar(char, origin, _font, size, quad) {
        if (/\s/.test(char)) return flush()
        const left = Math.min(quad[0], quad[4])
        const right = Math.max(quad[2], quad[6])
        // A visible gap inside a run of characters is a word break even without a space character.
        if (current && (left - current.right > size * 0.25 || Math.abs(origin[1] - current.baseline) > size * 0.3)) flush()
        if (!current) current = { text: '', left, right, baseline: origin[1], size }
        current.text += char
        current.right = Math.max(current.right, right)
      },
    })
    flush()
  } finally {
    text.destroy()
  }
  return words
}

/** Lets the event loop serve sockets between pages: mupdf works synchronously. */
function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve))
}

/**
 * Reads every page's text layer with mupdf (WASM, far faster than pdfjs); same shape as readPdfText.
 * A page that cannot be read comes back without lines, so OCR can take it over.
 */
export async function readPdfTextFast(bytes: Uint8Array): Promise<PageText[]> {
  const doc = mupdf.Document.openDocument(bytes, MimeType.pdf)
  const pages: PageText[] = []
  try {
    const count = doc.countPages()
    for (let index = 0; index < count; index += 1) {
      let page: mupdf.Page | null = null
      try {
        page = doc.loadPage(index)
        const [x0, y0, x1, y1] = page.getBounds()
        pages.push({ page: index + 1, width: x1 - x0, height: y1 - y0, lines: layoutLines(pageWords(page)) })
      } catch {
        pages.push({ page: index + 1, width: 595, height: 842, lines: [] })
      } finally {
        page?.destroy()
      }
      await yieldToEventLoop()
    }
  } finally {
    doc.destroy()
  }
  return pages
}
