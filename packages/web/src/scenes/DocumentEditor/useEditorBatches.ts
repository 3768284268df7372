import { useCallback, useEffect, useState } from 'react'
import type { PortalClient } from '@portal/sdk/client'
import type { DocumentRecord, DocumentSummary } from '@portal/sdk/services'

/** The company's batches waiting in the editor, read again on every document event of the company. */
export function useEditorBatches(client: PortalClient, companyNo: number, enabled: boolean, onError: (error: unknown) => void) {
  const [batches, setBatches] = useState<Partial<DocumentSummary>[] | null>(null)
  const refetch = useCallback(() => {
    if (!enabled || companyNo <= 0) return
    client
      .service('editor-document')
      .find({ query: { client_no: companyNo, is_processed_documents_accumulator: null, $limit: 200 } })
      .then((page) => setBatches(page.data))
      .catch(onError)
  }, [client, companyNo, enabled, onError])
  useEffect(() => {
    refetch()
    let timer: ReturnType<typeof setTimeout> | undefined
    // An upload, a merge or a completion shows as a document event; many at once are read once.
    const onEvent = (record: DocumentRecord) => {
      if (record.company_no !== companyNo) return
      clearTimeout(timer)
      timer = setTimeout(refetch, 150)
    }
    const documents = client.service('documents')
    documents.on('created', onEvent)
    documents.on('patched', onEvent)
    return () => {
      clearTimeout(timer)
      documents.removeListener('created', onEvent)
      documents.removeListener('patched', onEvent)
    }
  }, [client, companyNo, refetch])
  return { batches, refetch }
}

/** Uploads a file into the editor (POST /api/documents/upload?client=&editor=1); answers the new batch's id. */
export async function uploadBatch(companyNo: number, file: File, token: () => Promise<string | null>): Promise<{ id: number } | { error: string }> {
  const form = new FormData()
  form.append('files', file, file.name)
  const bearer = await token()
  const response = await fetch(`/api/documents/upload?client=${companyNo}&editor=1`, { method: 'POST', body: form, headers: bearer ? { authorization: `Bearer ${bearer}` } : {} })
  if (!response.ok) return { error: `${response.status}` }
  const [result] = ((await response.json()) as { results: { status: string; documentId?: number; error?: { message: string } }[] }).results
  return result?.status === 'uploaded' && result.documentId ? { id: result.documentId } : { error: result?.error?.message ?? result?.status ?? '?' }
}
