import type { PageText } from '../text/layout'
import type { FileKind } from '../types'
import { ocrPage } from './ocr-page'
import { ocrSettings } from './pool'
import { openRenderable } from './render'
import { hasUsableText } from './usable-text'

/** Pages of a file as text: the text layer where it is usable, OCR elsewhere. */
export interface ReadPages {
  text: PageText[]
  /** Page numbers read by OCR. */
  ocrPages: Set<number>
}

/** Options of reading pages by OCR. */
export interface ReadPagesOptions {
  /** Resolution PDF pages are rendered at; image pages keep their own. */
  dpi?: number
}

/**
 * Completes a file's text: PDF pages whose text layer is missing or unusable, and every page of an
 * image, are rendered and read by OCR. Pages are rendered one after another while the workers read the
 * previous ones; at most one page per worker waits in memory.
 */
export async function readPagesWithOcr(
  bytes: Uint8Array,
  kind: FileKind,
  layer: PageText[] | null,
  options: ReadPagesOptions = {},
): Promise<ReadPages> {
  const text = layer ? [...layer] : []
  const wanted = layer
    ? layer.filter((page) => !hasUsableText(page)).map((page) => page.page)
    : null
  if (wanted && wanted.length === 0) return { text, ocrPages: new Set() }
  const doc = openRenderable(bytes, kind)
  try {
    const pages = wanted ?? Array.from({ length: doc.pages }, (_, index) => index + 1)
    const limit = ocrSettings().workers
    const running: Array<Promise<PageText>> = []
    const results: PageText[] = []
    try {
      for (const page of pages) {
        const oldest = running.length >= limit ? running.shift() : undefined
        if (oldest) results.push(await oldest)
        running.push(ocrPage(doc.render(page, options.dpi)))
      }
      results.push(...(await Promise.all(running)))
    } catch (error) {
      // Let the pages still in the workers finish before the document is closed and the error told.
      await Promise.allSettled(running)
      throw error
    }
    for (const result of results) {
      const at = text.findIndex((page) => page.page === result.page)
      if (at >= 0) text[at] = result
      else text.push(result)
    }
    text.sort((a, b) => a.page - b.page)
    return { text, ocrPages: new Set(pages) }
  } finally {
    doc.close()
  }
}
