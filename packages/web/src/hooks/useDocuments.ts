import { useCallback, useMemo } from 'react'
import { createLiveQuery, type PortalClient } from '@portal/sdk/client'
import type { DocumentRecord, DocumentsQuery } from '@portal/sdk/services'
import { useLiveQuery } from './useLiveQuery'

/** What useDocuments answers: the company's documents, newest first, kept current by live events. */
export interface DocumentsState {
  documents: readonly DocumentRecord[]
  loading: boolean
  /** Puts a failed document back into the extraction queue. */
  retry: (id: number) => Promise<void>
}

/** How many documents the screen lists; older ones stay reachable through the invoice views. */
export const DOCUMENTS_PAGE_SIZE = 200

/** Newest first, the order the list shows and the server's find answers. */
export const newestFirst = (a: DocumentRecord, b: DocumentRecord) => b.created_at.localeCompare(a.created_at) || b.id - a.id

/** The documents of one company as a live query: the first page, then created, patched and removed events merged in. */
export function documentsLiveQuery(client: PortalClient, companyNo: number) {
  return createLiveQuery<DocumentRecord, DocumentsQuery>(
    client.service('documents'),
    { client_no: companyNo, $limit: DOCUMENTS_PAGE_SIZE, $sort: { created_at: -1, id: -1 } },
    // The server sends only the companies' own events; a user with several companies gets all of theirs.
    { belongsTo: (record) => record.company_no === companyNo, sort: newestFirst, reconnects: client.socket.io },
  )
}

const NO_DOCUMENTS: readonly DocumentRecord[] = []

/**
 * The documents of one company: loads them once, then applies the documents service's events as they arrive
 * (and reads the page again after a reconnect), so the list never polls.
 */
export function useDocuments(client: PortalClient, companyNo: number, onError: (error: unknown) => void): DocumentsState {
  const live = useMemo(() => documentsLiveQuery(client, companyNo), [client, companyNo])
  const state = useLiveQuery(live, onError)

  const retry = useCallback(
    async (id: number) => {
      // patch with an id answers one record (the array form is for id null, which we never send).
      const record = (await client.service('documents').patch(id, { retry: true })) as DocumentRecord
      live.merge(record)
    },
    [client, live],
  )

  return { documents: state?.items ?? NO_DOCUMENTS, loading: state?.loading ?? true, retry }
}
