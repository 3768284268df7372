import type { Application } from '../../declarations'

/**
 * The services whose events can change a dashboard row: documents (ER_U, editor, cash book), bank movements and
 * their matches, payments and unpaid items, ERP exports, FON items, month releases, and the requests (registered by
 * their own service; skipped while it is absent).
 */
export const OVERVIEW_SOURCES = [
  'documents',
  'aggregator',
  'document-editor',
  'bank-transactions',
  'payments',
  'unpaid-items',
  'erp-exports',
  'fon-items',
  'month-checks',
  'document-requests',
] as const

const EVENTS = ['created', 'updated', 'patched', 'removed'] as const

/** A burst of events of one company (a batch upload, an import) becomes one dashboard event after this quiet time. */
const QUIET_MS = 100

interface Emitter {
  on(event: string, listener: (data: unknown) => void): unknown
  emit(event: string, data: unknown): unknown
}

/** The company of an event's record (company_no; a FON item without a company has none). */
function companyOf(data: unknown): number | undefined {
  const value = (data as { company_no?: unknown } | null)?.company_no
  return typeof value === 'number' && Number.isInteger(value) ? value : undefined
}

/**
 * Turns every event of the counted services into `patched` `{ id, company_no }` on company-overview, one per company and
 * burst. That event goes, by company-overview's descriptor, only to the company's connections holding `ove`, so a
 * dashboard stays live even for staff who may not read the banking or FON events themselves, and nobody else learns
 * anything from it.
 */
export function relayOverviewEvents(app: Application): void {
  const registered = (app as unknown as { services: Record<string, Emitter | undefined> }).services
  const overview = app.service('company-overview') as unknown as Emitter
  const waiting = new Set<number>()
  let timer: NodeJS.Timeout | undefined
  const flush = () => {
    timer = undefined
    const companies = [...waiting]
    waiting.clear()
    for (const companyNo of companies) overview.emit('patched', { id: companyNo, company_no: companyNo })
  }
  const onEvent = (data: unknown) => {
    for (const record of Array.isArray(data) ? data : [data]) {
      const companyNo = companyOf(record)
      if (companyNo !== undefined) waiting.add(companyNo)
    }
    if (waiting.size > 0) timer ??= setTimeout(flush, QUIET_MS).unref()
  }
  for (const path of OVERVIEW_SOURCES) {
    const service = registered[path]
    if (service) for (const event of EVENTS) service.on(event, onEvent)
  }
}
