import { useEffect, useMemo, useState } from 'react'
import { createLiveQuery, type LiveQueryState } from '@portal/sdk/client'
import type { FonImport, FonItem, FonItemsQuery, FonQuotaOverview } from '@portal/sdk/services'
import { useLiveQuery } from '../../hooks/useLiveQuery'
import { useSession } from '../../hooks/useSession'

/** An import's progress events change nothing in the lists until it ends. */
const settled = (record: FonItem | FonImport) => !('progress' in record) || record.state !== 'inProgress'

/**
 * One page of quota items for the filters, found again (debounced) on every item event — a colleague resolving one in
 * the terminal — and when an import ends; the page itself comes from the server.
 */
export function useFonItems(query: FonItemsQuery, onError: (error: unknown) => void): LiveQueryState<FonItem> | null {
  const { client } = useSession()
  const key = JSON.stringify(query)
  const live = useMemo(
    () =>
      createLiveQuery<FonItem | FonImport, FonItemsQuery>(client.service('fon-items'), JSON.parse(key) as FonItemsQuery, {
        mode: 'refetch',
        watch: [client.service('fon-imports')],
        belongsTo: settled,
        reconnects: client.socket.io,
        debounceMs: 50,
      }),
    [client, key],
  )
  return useLiveQuery(live, onError) as LiveQueryState<FonItem> | null
}

/** The quota overview of a year, read again when an item changes or an import moves on (so progress shows too). */
export function useFonQuota(year: number | undefined, onError: (error: unknown) => void): FonQuotaOverview | null {
  const { client } = useSession()
  const [overview, setOverview] = useState<FonQuotaOverview | null>(null)
  useEffect(() => {
    let stale = false
    let timer: ReturnType<typeof setTimeout> | undefined
    const load = () =>
      client
        .service('fon-quota')
        .find({ query: year ? { year } : {} })
        .then((answer) => !stale && setOverview(answer), onError)
    const later = () => {
      clearTimeout(timer)
      timer = setTimeout(() => void load(), 200)
    }
    void load()
    const items = client.service('fon-items')
    const imports = client.service('fon-imports')
    items.on('patched', later)
    imports.on('created', later)
    imports.on('patched', later)
    return () => {
      stale = true
      clearTimeout(timer)
      items.removeListener('patched', later)
      imports.removeListener('created', later)
      imports.removeListener('patched', later)
    }
  }, [client, year, onError])
  return overview
}
