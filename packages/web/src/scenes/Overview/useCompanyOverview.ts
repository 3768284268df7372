import { useMemo } from 'react'
import { createLiveQuery, type LiveQueryState } from '@portal/sdk/client'
import type { CompanyOverviewQuery, CompanyOverviewRow } from '@portal/sdk/services'
import { useLiveQuery } from '../../hooks/useLiveQuery'
import { useSession } from '../../hooks/useSession'

/**
 * One page of the firm dashboard, found again (debounced) whenever the server says a company's row changed — its
 * `patched` events stand for every document, bank movement, payment, export, request and release behind the counts —
 * and after a reconnect.
 */
export function useCompanyOverview(query: CompanyOverviewQuery, onError: (error: unknown) => void): LiveQueryState<CompanyOverviewRow> | null {
  const { client } = useSession()
  const key = JSON.stringify(query)
  const live = useMemo(
    () =>
      createLiveQuery<CompanyOverviewRow, CompanyOverviewQuery>(client.service('company-overview'), JSON.parse(key) as CompanyOverviewQuery, {
        mode: 'refetch',
        reconnects: client.socket.io,
      }),
    [client, key],
  )
  return useLiveQuery(live, onError)
}
