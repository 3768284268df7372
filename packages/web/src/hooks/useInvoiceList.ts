import { useEffect, useMemo, useState } from 'react'
import { createLiveQuery, type LiveQueryState, type PortalClient } from '@portal/sdk/client'
import type { AggregatorQuery, DocumentSummary } from '@portal/sdk/services'
import { useLiveQuery } from './useLiveQuery'

/** A listed document: the summary the aggregator answers. */
export type InvoiceRow = Partial<DocumentSummary> & { id: number }

/** What useInvoiceList answers: the rows loaded so far, the view's total, and whether an answer is pending. */
export interface InvoiceListState {
  rows: readonly InvoiceRow[]
  total: number
  loading: boolean
  /** Reads the list again (after the user's own change, before its event arrives). */
  refetch: () => void
}

const NO_ROWS: readonly InvoiceRow[] = []

/**
 * One view's documents as a live query of the aggregator: the first `$limit` in the query's order, found again
 * when a document of the company changes (a confirmed document leaves ER_U, an upload enters it), so the list
 * and its total never poll. While a wider page is on its way the rows already shown stay, so scrolling does
 * not blink.
 */
export function useInvoiceList(client: PortalClient, query: AggregatorQuery | null, onError: (error: unknown) => void): InvoiceListState {
  const key = query ? JSON.stringify(query) : ''
  const live = useMemo(
    () =>
      query
        ? createLiveQuery<InvoiceRow, AggregatorQuery>(client.service('aggregator'), query, {
            mode: 'refetch',
            debounceMs: 100,
            belongsTo: (record) => record.company_no === query.client_no,
            reconnects: client.socket.io,
          })
        : null,
    // The query object is rebuilt on every render; its content (key) decides.
    [client, key],
  )
  const state = useLiveQuery(live, onError)
  const settled = useSettled(state, query?.client_no, query?.type)
  return {
    rows: settled?.items ?? NO_ROWS,
    total: settled?.total ?? 0,
    loading: state?.loading ?? true,
    refetch: () => live?.refetch(),
  }
}

/** The last answered state of the same company and view, while a new page of it loads. */
function useSettled(state: LiveQueryState<InvoiceRow> | null, companyNo: number | undefined, view: string | undefined) {
  const [last, setLast] = useState<{ scope: string; state: LiveQueryState<InvoiceRow> } | null>(null)
  const scope = `${companyNo}/${view}`
  useEffect(() => {
    if (state && !state.loading) setLast({ scope, state })
  }, [state, scope])
  if (state && !state.loading) return state
  return last?.scope === scope ? last.state : null
}
