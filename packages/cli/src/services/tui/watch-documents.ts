import { createLiveQuery, type PortalClient } from '@portal/sdk/client'
import type { DocumentRecord, DocumentsQuery } from '@portal/sdk/services'
import type { RecentDocument } from './recent-documents'

/** How many of the newest documents the app shows. */
export const RECENT_DOCUMENTS = 6

/**
 * Watches a company's newest documents (uploads and their processing): the list is read again (debounced) on
 * the company's documents events and after a reconnect, since only a few fields of a few rows are shown.
 */
export function createDocumentsWatcher(client: PortalClient) {
  return ({ companyNo, onChange }: { companyNo: number; onChange(documents: RecentDocument[] | null): void }) => {
    const live = createLiveQuery<Partial<DocumentRecord>, DocumentsQuery>(
      client.service('documents'),
      { client_no: companyNo, $limit: RECENT_DOCUMENTS, $sort: { created_at: -1 }, $select: ['id', 'file_name', 'processing_state'] },
      { mode: 'refetch', belongsTo: (record) => record.company_no === companyNo, reconnects: client.socket.io },
    )
    return live.subscribe((state) => {
      if (state.loading) return
      // Without the doc permission the list is simply not shown.
      if (state.error) return onChange(null)
      onChange(state.items.map((doc) => ({ id: doc.id ?? 0, fileName: doc.file_name ?? '', state: doc.processing_state ?? '' })))
    })
  }
}
