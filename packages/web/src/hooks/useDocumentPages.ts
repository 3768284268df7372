import { useEffect, useMemo, useState } from 'react'
import { BROWSER_IMAGE_MIMES, isXmlFileKind, isXmlMime, MimeType } from '@portal/sdk/domain'
import type { DocumentRecord, PageSize } from '@portal/sdk/services'
import type { PageSource } from '../components/PageViewer/PageViewer'
import { useDocumentFile, type DocumentFileState } from './useDocumentFile'
import { useDocumentPageImage } from './useDocumentPageImage'

/** What useDocumentPages answers: what the page viewer shows, the current page, and the fetched original. */
export interface DocumentPagesState {
  /** A structured e-invoice without pages to show. */
  isXml: boolean
  /** The fetched original (for the download button and its failure). */
  file: DocumentFileState
  /** The viewer's source; null while it loads. */
  source: PageSource | null
  page: number
  setPage: (page: number) => void
}

/**
 * The pages of one document as the page viewer takes them: PDFs (pdf.js) and single PNG/JPEG images from the
 * original, other images (TIFF scans) as pages the server draws, one at a time; no pages for XML e-invoices (the
 * screens draw their readable page instead), whose original is still fetched for its download.
 */
export function useDocumentPages(document: DocumentRecord, pages: readonly PageSize[], token: () => Promise<string | null>): DocumentPagesState {
  const isXml = isXmlFileKind(document.file_kind) || isXmlMime(document.mime)
  const drawnPages = !isXml && document.mime !== MimeType.pdf && !(BROWSER_IMAGE_MIMES as readonly string[]).includes(document.mime)
  // The original is fetched for the download button too (an XML e-invoice's is its archived original); drawn pages do
  // not wait for it.
  const file = useDocumentFile(document.id, token, true)
  const [page, setPage] = useState(1)
  useEffect(() => setPage(1), [document.id])
  const pageImage = useDocumentPageImage(document.id, page, token, drawnPages)
  const pageCount = Math.max(pages.length, document.pages, 1)
  const fileSource = usePageSource(file, !drawnPages && !isXml)
  const drawnSource = useMemo<PageSource>(
    () => ({ kind: 'pages', pages: pageCount, url: pageImage.kind === 'ready' ? pageImage.url : null, failed: pageImage.kind === 'failed' }),
    [pageCount, pageImage],
  )
  return { isXml, file, source: drawnPages ? drawnSource : fileSource, page, setPage }
}

/** The viewer's source for the fetched file: PDF bytes, or an object URL for images (revoked when replaced). */
function usePageSource(file: DocumentFileState, enabled: boolean): PageSource | null {
  const source = useMemo<PageSource | null>(() => {
    if (!enabled || file.kind !== 'ready') return null
    if (file.mime === MimeType.pdf) return { kind: 'pdf', bytes: file.bytes }
    return { kind: 'image', url: URL.createObjectURL(new Blob([file.bytes as Uint8Array<ArrayBuffer>], { type: file.mime })) }
  }, [file, enabled])
  useEffect(
    () => () => {
      if (source?.kind === 'image') URL.revokeObjectURL(source.url)
    },
    [source],
  )
  return source
}
