import { useEffect, useState } from 'react'
import type { PortalClient } from '@portal/sdk/client'
import type { HistoryEntry } from '@portal/sdk/services'

/** What useDocumentHistory answers. */
export type DocumentHistoryState = { kind: 'loading' } | { kind: 'ready'; entries: HistoryEntry[]; total: number } | { kind: 'failed'; error: unknown }

// The newest changes; a document's whole life rarely has more.
const HISTORY_LIMIT = 200

/** One document's history, newest first, read again when the document changes (its `patched` event). */
export function useDocumentHistory(client: PortalClient, documentId: number, enabled: boolean): DocumentHistoryState {
  const [state, setState] = useState<DocumentHistoryState>({ kind: 'loading' })
  useEffect(() => {
    if (!enabled) return
    let cancelled = false
    const load = () =>
      client
        .service('document-history')
        .find({ query: { document_id: documentId, $limit: HISTORY_LIMIT } })
        .then(
          (page) => !cancelled && setState({ kind: 'ready', entries: page.data, total: page.total }),
          (error: unknown) => !cancelled && setState({ kind: 'failed', error }),
        )
    const onChange = (record: { id?: number }) => {
      if (record.id === documentId) void load()
    }
    const documents = client.service('documents')
    documents.on('patched', onChange)
    setState({ kind: 'loading' })
    void load()
    return () => {
      cancelled = true
      documents.off('patched', onChange)
    }
  }, [client, documentId, enabled])
  return state
}
