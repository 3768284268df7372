import { useCallback } from 'react'
import type { MenuBadge } from '@portal/sdk/state'
import { useLiveCount } from './useLiveCount'
import { useSession } from './useSession'
import { useSnackbar } from './useSnackbar'

/**
 * The two menu badges of SPEC §2, live: unprocessed incoming invoices of the company (aggregator) and
 * unprocessed editor documents over all the user's companies (editor-document, only with permission ded), as §7 queries it.
 */
export function useBadgeCounts(companyNo: number): Record<MenuBadge, number> {
  const { client, user } = useSession()
  const { notifyError } = useSnackbar()
  const hasEditor = user.permissions_array.includes('ded')

  const loadInvoices = useCallback(async () => {
    const page = await client.service('aggregator').find({
      query: { client_no: companyNo, aggregated: true, type: 'ER_U', fullText: null, $select: ['id'] },
    })
    return page.total
  }, [client, companyNo])
  const loadEditor = useCallback(async () => {
    const page = await client.service('editor-document').find({
      query: { is_processed_documents_accumulator: null, $select: ['id'] },
    })
    return page.total
  }, [client])

  const invoices = useLiveCount(client, companyNo > 0 ? loadInvoices : null, notifyError)
  const editor = useLiveCount(client, hasEditor ? loadEditor : null, notifyError)
  return { invoices, editor }
}
