import { useMemo } from 'react'
import { createLiveQuery, type LiveQueryState } from '@portal/sdk/client'
import type { DocumentRequestRecord, DocumentRequestsQuery } from '@portal/sdk/services'
import { requestBelongs, requestOrder, requestsQueryOf, type RequestFilter } from '@portal/sdk/state'
import { useLiveQuery } from './useLiveQuery'
import { useSession } from './useSession'

/** The company's requests of a filter, kept current by the service's events (SDK live query). */
export function useRequests(companyNo: number, filter: RequestFilter, onError: (error: unknown) => void): LiveQueryState<DocumentRequestRecord> | null {
  const { client } = useSession()
  const live = useMemo(
    () =>
      companyNo > 0
        ? createLiveQuery<DocumentRequestRecord, DocumentRequestsQuery>(client.service('document-requests'), requestsQueryOf(filter, companyNo), {
            belongsTo: (record) => requestBelongs(record, filter, companyNo),
            sort: requestOrder,
            reconnects: client.socket.io,
          })
        : null,
    [client, companyNo, filter],
  )
  return useLiveQuery(live, onError)
}
