import { useCallback, useEffect, useState } from 'react'
import type { PortalClient } from '@portal/sdk/client'
import type { DocumentRecord } from '@portal/sdk/services'

/** What useDocuments answers: the company's documents, newest first, kept current by live events. */
export interface DocumentsState {
  documents: DocumentRecord[]
  loading: boolean
  /** Puts a failed document back into the extraction queue. */
  retry: (id: number) => Promise<void>
}

interface Emitter {
  on(event: string, listener: (record: DocumentRecord) => void): unknown
  off(event: string, listener: (record: DocumentRecord) => void): unknown
}

/** How many documents the screen lists; older ones stay reachable through the invoice views. */
export const DOCUMENTS_PAGE_SIZE = 200

const newestFirst = (a: DocumentRecord, b: DocumentRecord) =>
  b.created_at.localeCompare(a.created_at) || b.id - a.id

/** Puts a record into a list (replacing the same id), dropping deleted ones, newest first. */
export function mergeDocument(list: DocumentRecord[], record: DocumentRecord): DocumentRecord[] {
  const rest = list.filter((d) => d.id !== record.id)
  return (record.deleted_at ? rest : [...rest, record]).sort(newestFirst)
}

/**
 * The documents of one company: loads them once, then applies `created`, `patched` and `removed` events of
 * the documents service as they arrive (the server sends only the company's own), so the list never polls.
 */
export function useDocuments(client: PortalClient, companyNo: number, onError: (error: unknown) => void): DocumentsState {
  const [documents, setDocuments] = useState<DocumentRecord[]>([])
  const [loading, setLoading] = useState(true)

  useEffect(() => {
    let cancelled = false
    setDocuments([])
    setLoading(true)
    const service = client.service('documents')
    const emitter = service as unknown as Emitter
    // Events that arrive before the first page are applied on top of it, not lost.
    const early: DocumentRecord[] = []
    let loaded = false
    const apply = (record: DocumentRecord) => {
      if (cancelled || record.company_no !== companyNo) return
      if (!loaded) early.push(record)
      else setDocuments((list) => mergeDocument(list, record))
    }
    const removed = (record: DocumentRecord) => {
      if (!cancelled) setDocuments((list) => list.filter((d) => d.id !== record.id))
    }
    emitter.on('created', apply)
    emitter.on('patched', apply)
    emitter.on('removed', removed)
    service
      .find({ query: { client_no: companyNo, $limit: DOCUMENTS_PAGE_SIZE, $sort: { created_at: -1, id: -1 } } })
      .then(
        (page) => {
          if (cancelled) return
          loaded = true
          setDocuments(early.reduce(mergeDocument, (page.data as DocumentRecord[]).slice().sort(newestFirst)))
          setLoading(false)
        },
        (error: unknown) => {
          if (cancelled) return
          setLoading(false)
          onError(error)
        },
      )
    return () => {
      cancelled = true
      emitter.off('created', apply)
      emitter.off('patched', apply)
      emitter.off('removed', removed)
    }
  }, [client, companyNo, onError])

  const retry = useCallback(
    async (id: number) => {
      // patch with an id answers one record (the array form is for id null, which we never send).
      const record = (await client.service('documents').patch(id, { retry: true })) as DocumentRecord
      setDocuments((list) => mergeDocument(list, record))
    },
    [client],
  )

  return { documents, loading, retry }
}
