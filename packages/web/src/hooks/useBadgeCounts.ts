import { useEffect, useMemo, useState } from 'react'
import { createBadgeQueries, type BadgeRecord, type LiveQueryState } from '@portal/sdk/client'
import type { MenuBadge } from '@portal/sdk/state'
import { useLiveQuery } from './useLiveQuery'
import { useSession } from './useSession'
import { useSnackbar } from './useSnackbar'

/** The count to show: the last answered one while a new company's count is on its way, so the badge does not blink. */
function useSettledCount(state: LiveQueryState<BadgeRecord> | null): number {
  const [count, setCount] = useState(0)
  useEffect(() => {
    if (!state) setCount(0)
    else if (!state.loading) setCount(state.total)
  }, [state])
  return count
}

/**
 * The two menu badges of SPEC §2, live: unprocessed incoming invoices of the company and unprocessed editor
 * documents over all the user's companies (only with the right to editor-document), with the SDK's badge
 * queries. They are counted again on document events, after a reconnect and when the window regains focus.
 */
export function useBadgeCounts(companyNo: number): Record<MenuBadge, number> {
  const { client, user } = useSession()
  const { notifyError } = useSnackbar()
  const queries = useMemo(() => createBadgeQueries(client, user, companyNo), [client, user, companyNo])

  useEffect(() => {
    // A user coming back to the window sees a fresh count, even if an event went missing meanwhile.
    const onFocus = () => {
      queries.invoices?.refetch()
      queries.editor?.refetch()
    }
    window.addEventListener('focus', onFocus)
    return () => window.removeEventListener('focus', onFocus)
  }, [queries])

  const invoices = useSettledCount(useLiveQuery(queries.invoices, notifyError))
  const editor = useSettledCount(useLiveQuery(queries.editor, notifyError))
  return { invoices, editor }
}
