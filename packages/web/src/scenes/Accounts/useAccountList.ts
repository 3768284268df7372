import { useCallback, useMemo } from 'react'
import { createLiveQuery, type LiveQuery, type LiveQueryState, type PortalClient } from '@portal/sdk/client'
import type { AccSuppliersQuery, SupplierAccount } from '@portal/sdk/services'
import { accountBelongs, accountListQuery, byAccountNumber, type AccountListFilter } from '@portal/sdk/state'
import { useLiveQuery } from '../../hooks/useLiveQuery'

/** Accounts the list reads at most; a search narrows further (the count says how many there are). */
export const ACCOUNT_LIST_LIMIT = 500

/** The list's live state and a way to show a record the user just saved before its event arrives. */
export interface AccountList {
  state: LiveQueryState<SupplierAccount> | null
  merge: (record: SupplierAccount) => void
}

/**
 * The company's suppliers and customers of the filter, kept current by acc-suppliers' created and patched events
 * (SPEC §7): a colleague's new account appears without reloading. Null while no company is chosen.
 */
export function useAccountList(client: PortalClient, filter: AccountListFilter | null, acc: string, onError: (error: unknown) => void): AccountList {
  const key = filter ? JSON.stringify(filter) : ''
  // The filter object is new on every render; its content (the key) decides when the query changes.
  const live = useMemo<LiveQuery<SupplierAccount> | null>(() => {
    const current = key ? (JSON.parse(key) as AccountListFilter) : null
    if (!current || current.companyNo <= 0) return null
    return createLiveQuery<SupplierAccount, AccSuppliersQuery>(client.service('acc-suppliers'), accountListQuery(current, acc, ACCOUNT_LIST_LIMIT), {
      belongsTo: (record) => accountBelongs(record, current),
      sort: byAccountNumber,
      reconnects: client.socket.io,
    })
  }, [client, key, acc])
  const state = useLiveQuery(live, onError)
  const merge = useCallback((record: SupplierAccount) => live?.merge(record), [live])
  return { state, merge }
}
