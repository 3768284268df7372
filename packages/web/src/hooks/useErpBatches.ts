import { useMemo } from 'react'
import { createLiveQuery, type PortalClient } from '@portal/sdk/client'
import type { ErpExportBatch, ErpExportsQuery } from '@portal/sdk/services'
import { useLiveQuery } from './useLiveQuery'

/** What useErpBatches answers: the company's export batches (newest first), their total and whether the first answer is pending. */
export interface ErpBatchesState {
  batches: readonly ErpExportBatch[]
  total: number
  loading: boolean
  /** Reads the list again (after the user's own change, before its event arrives). */
  refetch: () => void
}

/** The newest batches shown; older ones stay downloadable through the CLI (`portal export list`). */
export const ERP_BATCHES_SHOWN = 100

const NONE: readonly ErpExportBatch[] = []

/**
 * The company's ERP export batches as a live query of erp-exports: found again on every batch event (created,
 * patched when marked imported or when a result file arrives, removed when revoked — a revoked batch is kept, so a
 * merge would drop it), so who exported, marked or revoked shows at once on every screen. Null company: nothing.
 */
export function useErpBatches(client: PortalClient, companyNo: number, enabled: boolean, onError: (error: unknown) => void): ErpBatchesState {
  const live = useMemo(
    () =>
      companyNo > 0 && enabled
        ? createLiveQuery<ErpExportBatch, ErpExportsQuery>(
            client.service('erp-exports'),
            { client_no: companyNo, $limit: ERP_BATCHES_SHOWN },
            { mode: 'refetch', debounceMs: 100, belongsTo: (batch) => batch.company_no === companyNo, reconnects: client.socket.io },
          )
        : null,
    [client, companyNo, enabled],
  )
  const state = useLiveQuery(live, onError)
  return {
    batches: state?.items ?? NONE,
    total: state?.total ?? 0,
    loading: live !== null && (state?.loading ?? true),
    refetch: () => live?.refetch(),
  }
}
