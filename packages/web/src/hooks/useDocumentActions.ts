import { useCallback, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useSession } from './useSession'
import { useSnackbar } from './useSnackbar'

/** What useDocumentActions offers on one document: each answers once the server has, and says so in the snackbar. */
export interface DocumentActions {
  busy: boolean
  confirm: () => Promise<void>
  trash: () => Promise<void>
  restore: () => Promise<void>
  purge: () => Promise<void>
}

/**
 * The actions that move a document out of its view (confirm, trash, restore, purge) at the version the screen saw;
 * on success the screen moves on (`onLeave`), a refusal goes to `onRefused` (a stale version has its own message).
 */
export function useDocumentActions(documentId: number, version: number, onLeave: (id: number) => void, onRefused: (error: unknown) => void): DocumentActions {
  const { t } = useTranslation('invoices')
  const { client } = useSession()
  const { notify } = useSnackbar()
  const [busy, setBusy] = useState(false)
  const run = useCallback(
    async (action: () => Promise<unknown>, done: string) => {
      if (busy) return
      setBusy(true)
      try {
        await action()
        notify({ kind: 'success', text: done })
        onLeave(documentId)
      } catch (error) {
        onRefused(error)
      } finally {
        setBusy(false)
      }
    },
    [busy, notify, onLeave, onRefused, documentId],
  )
  const trashService = client.service('document-trash')
  return {
    busy,
    confirm: () => run(() => client.service('document-confirmations').create({ document_id: documentId, version }), t('actions.confirmed', { id: documentId })),
    trash: () => run(() => trashService.create({ document_id: documentId, version }), t('actions.deleted', { id: documentId })),
    restore: () => run(() => trashService.patch(documentId, { restore: true, version }), t('actions.restored', { id: documentId })),
    purge: () => run(() => trashService.remove(documentId), t('actions.purged', { id: documentId })),
  }
}
