import type { PortalClient } from '@portal/sdk/client'
import type { RecentDocument } from './recent-documents'

/** How many of the newest documents the app shows. */
export const RECENT_DOCUMENTS = 6

const EVENTS = ['created', 'patched', 'removed'] as const

/** Watches a company's newest documents (uploads and their processing), reloading on documents events. */
export function createDocumentsWatcher(client: PortalClient) {
  return ({ companyNo, onChange }: { companyNo: number; onChange(documents: RecentDocument[] | null): void }) => {
    let stopped = false
    let pending: ReturnType<typeof setTimeout> | undefined
    const reload = () => {
      client
        .service('documents')
        .find({
          query: {
            client_no: companyNo,
            $limit: RECENT_DOCUMENTS,
            $sort: { created_at: -1 },
            $select: ['id', 'file_name', 'processing_state'],
          },
        })
        .then((page) =>
          page.data.map((doc) => ({ id: doc.id ?? 0, fileName: doc.file_name ?? '', state: doc.processing_state ?? '' })),
        )
        // Without the doc permission the list is simply not shown.
        .catch(() => null)
        .then((documents) => {
          if (!stopped) onChange(documents)
        })
    }
    const onEvent = (record: { company_no?: number }) => {
      if (record.company_no !== companyNo) return
      clearTimeout(pending)
      pending = setTimeout(reload, 150)
    }
    const service = client.service('documents')
    for (const event of EVENTS) service.on(event, onEvent)
    reload()
    return () => {
      stopped = true
      clearTimeout(pending)
      for (const event of EVENTS) service.off(event, onEvent)
    }
  }
}
