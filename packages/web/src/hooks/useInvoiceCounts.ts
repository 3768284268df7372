import { useEffect, useState } from 'react'
import type { PortalClient } from '@portal/sdk/client'
import { LIVE_EVENTS } from '@portal/sdk/client'
import type { InvoiceCounts } from '@portal/sdk/services'

// A burst of events (a batch upload, a run of confirmations) is counted once after this quiet time.
const QUIET_MS = 150

/**
 * The number of documents in each view of a company and the months of its Other documents (invoice-counts), read
 * again after the company's document events (aggregator), a reconnect, or the window regaining focus.
 */
export function useInvoiceCounts(client: PortalClient, companyNo: number, onError: (error: unknown) => void): InvoiceCounts | null {
  const [counts, setCounts] = useState<InvoiceCounts | null>(null)
  useEffect(() => {
    if (companyNo <= 0) {
      setCounts(null)
      return
    }
    let cancelled = false
    let timer: ReturnType<typeof setTimeout> | undefined
    let generation = 0
    const load = () => {
      const mine = ++generation
      client
        .service('invoice-counts')
        .find({ query: { client_no: companyNo } })
        .then(
          (answer) => !cancelled && mine === generation && setCounts(answer),
          (error: unknown) => !cancelled && onError(error),
        )
    }
    const schedule = (record?: unknown) => {
      if (record && (record as { company_no?: number }).company_no !== companyNo) return
      clearTimeout(timer)
      timer = setTimeout(load, QUIET_MS)
    }
    const emitter = client.service('aggregator')
    for (const event of LIVE_EVENTS) emitter.on(event, schedule)
    const onReconnect = () => schedule()
    client.socket.io.on('reconnect', onReconnect)
    window.addEventListener('focus', onReconnect)
    setCounts(null)
    load()
    return () => {
      cancelled = true
      clearTimeout(timer)
      for (const event of LIVE_EVENTS) emitter.off(event, schedule)
      client.socket.io.off('reconnect', onReconnect)
      window.removeEventListener('focus', onReconnect)
    }
  }, [client, companyNo, onError])
  return counts
}
