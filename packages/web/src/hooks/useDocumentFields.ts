import { useEffect, useState } from 'react'
import type { PortalClient } from '@portal/sdk/client'
import type { DocumentFields, DocumentRecord } from '@portal/sdk/services'

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
 * (a `patched` event of the documents service for this id), so an open view fills in live.
 */
export function useDocumentFields(client: PortalClient, documentId: number): DocumentFieldsState {
  const [state, setState] = useState<DocumentFieldsState>({ kind: 'loading' })
  useEffect(() => {
    let cancelled = false
    setState({ kind: 'loading' })
    const load = () =>
      client
        .service('document-fields')
        .get(documentId)
        .then(
          (data) => !cancelled && setState({ kind: 'ready', data }),
          (error: unknown) => !cancelled && setState({ kind: 'failed', error }),
        )
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
  }, [client, documentId])
  return state
}
