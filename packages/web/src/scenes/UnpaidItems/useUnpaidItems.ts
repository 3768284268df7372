import { useCallback, useEffect, useRef, useState } from 'react'
import type { OpenItemSide } from '@portal/sdk/domain'
import type { UnpaidItem, UnpaidItemsPage, UnpaidItemsQuery } from '@portal/sdk/services'
import { useSession } from '../../hooks/useSession'

/** What one side's list shows: the page, or null while the first answer is on its way. */
export interface UnpaidSideState {
  page: UnpaidItemsPage | null
  loading: boolean
}

/** The filter both sides share. */
export type UnpaidFilter = Omit<UnpaidItemsQuery, 'client' | 'side' | '$skip' | '$limit'>

/** Rows per page of one side. */
export const UNPAID_PAGE_SIZE = 25

/**
 * One side's open items, a server page at a time, kept current: a paid item leaves the list at once (its `removed`
 * event), a part payment shows its new open amount (`patched`), and the page and totals are read again after any
 * change of the company's items (a colleague's payment, an undo), so the figures stay the server's.
 */
export function useUnpaidItems(
  companyNo: number,
  side: OpenItemSide,
  filter: UnpaidFilter,
  skip: number,
  onError: (error: unknown) => void,
  // A side the user may not see (receivables without lar) is never asked for.
  enabled = true,
): UnpaidSideState {
  const { client } = useSession()
  const [state, setState] = useState<UnpaidSideState>({ page: null, loading: true })
  const report = useRef(onError)
  useEffect(() => {
    report.current = onError
  }, [onError])
  const filterKey = JSON.stringify(filter)
  const load = useCallback(async () => {
    if (!enabled) return
    try {
      const page = await client.service('unpaid-items').find({ query: { ...(JSON.parse(filterKey) as UnpaidFilter), client: companyNo, side, $limit: UNPAID_PAGE_SIZE, $skip: skip } })
      setState({ page, loading: false })
    } catch (error) {
      setState((previous) => ({ ...previous, loading: false }))
      report.current(error)
    }
  }, [client, companyNo, side, filterKey, skip, enabled])

  useEffect(() => {
    setState((previous) => ({ ...previous, loading: true }))
    void load()
  }, [load])

  useEffect(() => {
    const service = client.service('unpaid-items')
    const mine = (item: UnpaidItem) => item.company_no === companyNo && item.side === side
    const onRemoved = (item: UnpaidItem) => {
      if (!mine(item)) return
      setState((previous) => (previous.page ? { ...previous, page: { ...previous.page, data: previous.page.data.filter((row) => row.id !== item.id) } } : previous))
      void load()
    }
    const onPatched = (item: UnpaidItem) => {
      if (!mine(item)) return
      setState((previous) => (previous.page ? { ...previous, page: { ...previous.page, data: previous.page.data.map((row) => (row.id === item.id ? item : row)) } } : previous))
      void load()
    }
    const onCreated = (item: UnpaidItem) => {
      if (mine(item)) void load()
    }
    service.on('removed', onRemoved)
    service.on('patched', onPatched)
    service.on('created', onCreated)
    return () => {
      service.removeListener('removed', onRemoved)
      service.removeListener('patched', onPatched)
      service.removeListener('created', onCreated)
    }
  }, [client, companyNo, side, load])

  return state
}
