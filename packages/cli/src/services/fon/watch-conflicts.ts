import { createLiveQuery, type PortalClient } from '@portal/sdk/client'
import type { FonImport, FonItem, FonItemsQuery } from '@portal/sdk/services'

/** How many open conflicts the terminal walks at once. */
export const CONFLICTS_SHOWN = 500

/**
 * Keeps the open conflicts current: found again (debounced) on every fon-items event — a colleague resolving one in
 * the web — and when an import ends, and after a reconnect.
 */
export function createConflictsWatcher(client: PortalClient) {
  return (onChange: (items: FonItem[]) => void) => {
    const live = createLiveQuery<FonItem | FonImport, FonItemsQuery>(
      client.service('fon-items'),
      { conflicts: true, $limit: CONFLICTS_SHOWN, $sort: { name: 1 } },
      {
        mode: 'refetch',
        watch: [client.service('fon-imports')],
        // An import's progress changes nothing until it ends.
        belongsTo: (record) => !('progress' in record) || record.state !== 'inProgress',
        reconnects: client.socket.io,
      },
    )
    return live.subscribe((state) => {
      if (!state.loading && !state.error) onChange(state.items as FonItem[])
    })
  }
}
