import { useEffect, useMemo, useState } from 'react'
import { createLiveQuery, type PortalClient } from '@portal/sdk/client'
import type { User, UsersQuery } from '@portal/sdk/services'

/** What useUserList answers: one page of users, the total that matches, and whether an answer is pending. */
export interface UserListState {
  users: readonly User[]
  total: number
  loading: boolean
  /** Reads the page again (after the administrator's own change, before its event arrives). */
  refetch: () => void
}

/**
 * One page of users as a live query: found again whenever a user is created, changed or deleted (by this
 * administrator, another one, `portal users apply` or the user themselves), since a change may move a user into or
 * out of the filtered, sorted page. While the next page loads the previous one stays, so paging does not blink.
 */
export function useUserList(client: PortalClient, query: UsersQuery, onError: (error: unknown) => void): UserListState {
  const key = JSON.stringify(query)
  const live = useMemo(
    () =>
      createLiveQuery<User, UsersQuery>(client.service('users'), query, {
        mode: 'refetch',
        debounceMs: 150,
        reconnects: client.socket.io,
      }),
    // The query object is rebuilt on every render; its content (key) decides.
    [client, key],
  )
  const [state, setState] = useState(() => live.getState())
  useEffect(() => {
    let lastError: unknown = null
    return live.subscribe((next) => {
      // Keep showing the rows we have until the new page answers.
      setState((previous) => (next.loading && next.items.length === 0 ? { ...previous, loading: true } : next))
      if (next.error && next.error !== lastError) onError(next.error)
      lastError = next.error
    })
  }, [live, onError])
  return { users: state.items, total: state.total, loading: state.loading, refetch: () => live.refetch() }
}
