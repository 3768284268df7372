import type { PortalClient } from '@portal/sdk/client'
import type { SessionUser } from '@portal/sdk/services'
import type { Counts } from './counts'

const EVENTS = ['created', 'updated', 'patched', 'removed'] as const

/** Counts the way the web's badges do (SPEC §7); null when the user may not see it or the call fails. */
async function loadCounts(client: PortalClient, user: SessionUser, companyNo: number): Promise<Counts> {
  const invoices = client
    .service('aggregator')
    .find({ query: { client_no: companyNo, aggregated: true, type: 'ER_U', fullText: null, $select: ['id'], $limit: 0 } })
    .then((page) => page.total)
    .catch(() => null)
  const editor = user.permissions_array.includes('ded')
    ? client
        .service('editor-document')
        .find({ query: { client_no: companyNo, is_processed_documents_accumulator: null, $select: ['id'], $limit: 0 } })
        .then((page) => page.total)
        .catch(() => null)
    : Promise.resolve(null)
  return { invoices: await invoices, editor: await editor }
}

/** Loads a company's pending counts and reloads them whenever an aggregator or editor-document event arrives. */
export function createCountsWatcher(client: PortalClient, user: SessionUser) {
  return ({ companyNo, onChange }: { companyNo: number; onChange(counts: Counts): void }): (() => void) => {
    let stopped = false
    let pending: ReturnType<typeof setTimeout> | undefined
    const reload = () => {
      void loadCounts(client, user, companyNo).then((counts) => {
        if (!stopped) onChange(counts)
      })
    }
    // A burst of events (a batch upload) causes one reload, not one per document.
    const schedule = () => {
      clearTimeout(pending)
      pending = setTimeout(reload, 150)
    }
    const services = [client.service('aggregator'), client.service('editor-document')]
    for (const service of services) for (const event of EVENTS) service.on(event, schedule)
    // After a reconnect events may have been missed.
    client.socket.io.on('reconnect', schedule)
    reload()
    return () => {
      stopped = true
      clearTimeout(pending)
      for (const service of services) for (const event of EVENTS) service.off(event, schedule)
      client.socket.io.off('reconnect', schedule)
    }
  }
}
