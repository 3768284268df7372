import { useMemo } from 'react'
import { createLiveQuery, type LiveQueryState } from '@portal/sdk/client'
import type { Scanner, ScannersQuery } from '@portal/sdk/services'
import { useLiveQuery } from '../../hooks/useLiveQuery'
import { useSession } from '../../hooks/useSession'

const byLocation = (a: Scanner, b: Scanner) => a.location.localeCompare(b.location) || a.id - b.id

/** The scanners of the administrator's companies, kept current by the scanners' events (last seen, counts, changes). */
export function useScanners(enabled: boolean, onError: (error: unknown) => void): LiveQueryState<Scanner> | null {
  const { client } = useSession()
  const live = useMemo(
    () =>
      enabled
        ? createLiveQuery<Scanner, ScannersQuery>(client.service('scanners'), {}, { sort: byLocation, reconnects: client.socket.io, debounceMs: 0 })
        : null,
    [client, enabled],
  )
  return useLiveQuery(live, onError)
}
