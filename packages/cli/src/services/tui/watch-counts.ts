import { createBadgeQueries, type BadgeRecord, type LiveQuery, type LiveQueryState, type PortalClient } from '@portal/sdk/client'
import type { SessionUser } from '@portal/sdk/services'
import type { Counts } from './counts'

/** A badge's count for the terminal: null where it does not apply or its find failed. */
function countOf(state: LiveQueryState<BadgeRecord> | null): number | null {
  return state && !state.error ? state.total : null
}

/**
 * Loads a company's pending counts with the web's badge queries (the SDK's, SPEC §7) and loads them again on
 * document events and after a reconnect. `onChange` hears both counts together, once both have answered.
 */
export function createCountsWatcher(client: PortalClient, user: SessionUser) {
  return ({ companyNo, onChange }: { companyNo: number; onChange(counts: Counts): void }): (() => void) => {
    const { invoices, editor } = createBadgeQueries(client, user, companyNo)
    const queries = [invoices, editor].filter((query): query is LiveQuery<BadgeRecord> => query !== null)
    const report = () => {
      const states = queries.map((query) => query.getState())
      if (states.some((state) => state.loading)) return
      onChange({ invoices: countOf(invoices?.getState() ?? null), editor: countOf(editor?.getState() ?? null) })
    }
    if (queries.length === 0) report()
    const stops = queries.map((query) => query.subscribe(report))
    return () => stops.forEach((stop) => stop())
  }
}
