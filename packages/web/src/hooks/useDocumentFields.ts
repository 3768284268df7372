import { useCallback, useEffect, useState } from 'react'
import type { PortalClient } from '@portal/sdk/client'
import type { DocumentFields, DocumentRecord } from '@portal/sdk/services'
import { takePrefetchedFields } from '../lib/documentPrefetch'

/** What useDocumentFields answers. */
export type DocumentFieldsState =
  | { kind: 'loading' }
  | { kind: 'ready'; data: DocumentFields }
  | { kind: 'failed'; error: unknown }

interface Emitter {
  on(event: string, listener: (record: DocumentRecord) => void): unknown
  off(event: string, listener: (record: DocumentRecord) => void): unknown
}

/**
 * One document's pages and fields; loaded again when the document's processing finishes or is retried
 * (a `patched` event of the documents service for this id), so an open view fills in live. `reload` reads it
 * again on demand (e.g. after a save was refused as stale), keeping what is shown until the answer arrives.
 */
export function useDocumentFields(client: PortalClient, documentId: number): DocumentFieldsState & { reload: () => void } {
  const [state, setState] = useState<DocumentFieldsState>({ kind: 'loading' })
  const [generation, setGeneration] = useState(0)
  const reload = useCallback(() => setGeneration((g) => g + 1), [])
  useEffect(() => setState({ kind: 'loading' }), [client, documentId])
  useEffect(() => {
    let cancelled = false
    // The first read may have been made ahead (the next document of a list); later reads go to the server.
    let ahead = takePrefetchedFields(documentId)
    const load = () => {
      const answer = ahead ?? client.service('document-fields').get(documentId)
      ahead = undefined
      return answer.then(
        (data) => !cancelled && setState({ kind: 'ready', data }),
        (error: unknown) => !cancelled && setState({ kind: 'failed', error }),
      )
    }
    const onPatched = (record: DocumentRecord) => {
      if (record.id === documentId) void load()
    }
    const emitter = client.service('documents') as unknown as Emitter
    emitter.on('patched', onPatched)
    void load()
    return () => {
      cancelled = true
      emitter.off('patched', onPatched)
    }
  }, [client, documentId, generation])
  return { ...state, reload }
}
