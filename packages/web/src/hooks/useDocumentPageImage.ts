import { useEffect, useState } from 'react'
import { documentHttpPaths } from '@portal/sdk/services'
import { fetchWithToken } from '../lib/fetchWithToken'

/** What useDocumentPageImage answers: an object URL of the page's PNG, or the HTTP status that refused it. */
export type DocumentPageImageState = { kind: 'loading' } | { kind: 'ready'; url: string } | { kind: 'failed'; status: number }

const LOADING: DocumentPageImageState = { kind: 'loading' }

type Loaded = { documentId: number; page: number; state: DocumentPageImageState }

/**
 * Fetches one page of a document drawn as PNG by the server (GET /api/documents/:id/pages/:page) with the
 * bearer token, for files browsers cannot show (TIFF scans). The object URL is revoked when the page changes.
 */
export function useDocumentPageImage(documentId: number, page: number, token: () => Promise<string | null>, enabled = true): DocumentPageImageState {
  const [loaded, setLoaded] = useState<Loaded | null>(null)
  useEffect(() => {
    if (!enabled) return
    const abort = new AbortController()
    let url: string | null = null
    const settle = (state: DocumentPageImageState) => setLoaded({ documentId, page, state })
    void (async () => {
      try {
        const response = await fetchWithToken(documentHttpPaths.page(documentId, page), token, abort.signal)
        if (!response.ok) {
          if (!abort.signal.aborted) settle({ kind: 'failed', status: response.status })
          return
        }
        const blob = await response.blob()
        if (abort.signal.aborted) return
        url = URL.createObjectURL(blob)
        settle({ kind: 'ready', url })
      } catch {
        // A network failure (or the abort of a page turned away from, which nobody sees).
        if (!abort.signal.aborted) settle({ kind: 'failed', status: 0 })
      }
    })()
    return () => {
      abort.abort()
      if (url) URL.revokeObjectURL(url)
    }
  }, [documentId, page, token, enabled])
  // Until the new page arrives, the previous page's image is not this page's: answer loading.
  return loaded && loaded.documentId === documentId && loaded.page === page ? loaded.state : LOADING
}
