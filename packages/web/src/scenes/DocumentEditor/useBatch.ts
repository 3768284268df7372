import { useCallback, useEffect, useRef, useState } from 'react'
import { ProcessingState } from '@portal/sdk/domain'
import type { PortalClient } from '@portal/sdk/client'
import type { DocumentEditorPatch, DocumentRecord, EditorBatch } from '@portal/sdk/services'

/**
 * One batch of the editor, live: read with document-editor.get, replaced by every `patched` event of it (another
 * clerk's edit, a lock), read again once the pipeline has read its pages. `run` sends one action with the version
 * shown, so an edit made on a stale view is refused rather than applied to pages the clerk did not see.
 */
export function useBatch(client: PortalClient, documentId: number, onError: (error: unknown) => void) {
  const [batch, setBatch] = useState<EditorBatch | null>(null)
  const [failed, setFailed] = useState<unknown>(null)
  const [busy, setBusy] = useState(false)
  const current = useRef<EditorBatch | null>(null)
  current.current = batch
  const service = client.service('document-editor')

  const reload = useCallback(() => {
    service
      .get(documentId)
      .then((next) => {
        setBatch(next)
        setFailed(null)
      })
      .catch(setFailed)
  }, [service, documentId])

  useEffect(() => {
    setBatch(null)
    reload()
    const onPatched = (record: EditorBatch) => {
      if (record.id === documentId && (current.current === null || record.version >= current.current.version)) setBatch(record)
    }
    const onDocument = (record: DocumentRecord) => {
      if (record.id === documentId && current.current?.reading && record.processing_state === ProcessingState.done) reload()
    }
    service.on('patched', onPatched)
    client.service('documents').on('patched', onDocument)
    return () => {
      service.removeListener('patched', onPatched)
      client.service('documents').removeListener('patched', onDocument)
    }
  }, [client, service, documentId, reload])

  const run = useCallback(
    async (action: DocumentEditorPatch): Promise<EditorBatch | null> => {
      setBusy(true)
      try {
        const next = await service.patch(documentId, { ...action, version: current.current?.version } as DocumentEditorPatch)
        setBatch(next)
        return next
      } catch (error) {
        onError(error)
        reload()
        return null
      } finally {
        setBusy(false)
      }
    },
    [service, documentId, onError, reload],
  )
  return { batch, failed, busy, run, reload }
}
