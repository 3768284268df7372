import { useEffect, useState } from 'react'
import { documentHttpPaths } from '@portal/sdk/services'
import { prefetchedFile } from '../lib/documentPrefetch'
import { fetchWithToken } from '../lib/fetchWithToken'

/** What useDocumentFile answers: the original file's bytes, or the HTTP status that refused it. */
export type DocumentFileState =
  | { kind: 'loading' }
  | { kind: 'ready'; bytes: Uint8Array; mime: string }
  | { kind: 'failed'; status: number }

/** Fetches a document's original file with the bearer token (GET /api/documents/:id/file). */
export function useDocumentFile(documentId: number, token: () => Promise<string | null>, enabled = true): DocumentFileState {
  const [state, setState] = useState<DocumentFileState>({ kind: 'loading' })
  useEffect(() => {
    if (!enabled) return
    const abort = new AbortController()
    setState({ kind: 'loading' })
    void (async () => {
      try {
        // An original read ahead (the next document of a list) is used as it is: originals never change.
        const ready = await prefetchedFile(documentId)
        if (ready) {
          if (!abort.signal.aborted) setState({ kind: 'ready', ...ready })
          return
        }
        const response = await fetchWithToken(documentHttpPaths.file(documentId), token, abort.signal)
        if (!response.ok) {
          setState({ kind: 'failed', status: response.status })
          return
        }
        const mime = response.headers.get('content-type')?.split(';')[0] ?? 'application/octet-stream'
        setState({ kind: 'ready', bytes: new Uint8Array(await response.arrayBuffer()), mime })
      } catch {
        // A network failure (or the abort of an unmounted view, which nobody sees).
        if (!abort.signal.aborted) setState({ kind: 'failed', status: 0 })
      }
    })()
    return () => abort.abort()
  }, [documentId, token, enabled])
  return state
}
