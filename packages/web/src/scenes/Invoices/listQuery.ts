import { DocumentStatus, type DocumentType } from '@portal/sdk/domain'
import type { AggregatorQuery, DocumentSummary } from '@portal/sdk/services'
import { parseAmountText } from '@portal/sdk/validators'

/** How the list is ordered. */
export const LIST_SORTS = ['newest', 'dateDesc', 'dateAsc', 'grossDesc', 'grossAsc', 'number'] as const

/** One way to order the list. */
export type ListSort = (typeof LIST_SORTS)[number]

/** A status the list can be narrowed to: a flag of SPEC §3, or none set ("open"). */
export type StatusFilter = keyof typeof DocumentStatus | 'none'

/** The filters of the list; empty strings mean "not filtered". */
export interface ListFilters {
  dateFrom: string
  dateTo: string
  partner: string
  amountMin: string
  amountMax: string
  status: StatusFilter | ''
}

/** No filter set. */
export const NO_FILTERS: ListFilters = { dateFrom: '', dateTo: '', partner: '', amountMin: '', amountMax: '', status: '' }

const SORTS: Record<ListSort, NonNullable<AggregatorQuery['$sort']>> = {
  newest: { created_at: -1, id: -1 },
  dateDesc: { invoice_date: -1, id: -1 },
  dateAsc: { invoice_date: 1, id: 1 },
  grossDesc: { total_gross: -1, id: -1 },
  grossAsc: { total_gross: 1, id: 1 },
  number: { invoice_number: 1, id: 1 },
}

/** Every status flag or-ed: "open" documents have none of them. */
const ALL_FLAGS = Object.values(DocumentStatus).reduce((mask: number, flag) => mask | flag, 0)

/**
 * The aggregator query of one view's list: the first `limit` documents in the chosen order, narrowed on the server
 * by the filters (amounts as typed, 1.234,56 or 1,234.56, sent as 1234.56; an unreadable amount is left out).
 */
export function listQuery(companyNo: number, view: DocumentType, sort: ListSort, limit: number, filters: ListFilters = NO_FILTERS): AggregatorQuery {
  const query: AggregatorQuery = { client_no: companyNo, type: view, $limit: limit, $skip: 0, $sort: SORTS[sort] }
  if (filters.dateFrom) query.date_from = filters.dateFrom
  if (filters.dateTo) query.date_to = filters.dateTo
  if (filters.partner.trim()) query.party = filters.partner.trim().slice(0, 100)
  const min = filters.amountMin ? parseAmountText(filters.amountMin) : null
  const max = filters.amountMax ? parseAmountText(filters.amountMax) : null
  if (min) query.amount_min = min
  if (max) query.amount_max = max
  if (filters.status === 'none') query.status_lacks = ALL_FLAGS
  else if (filters.status) query.status_has = DocumentStatus[filters.status]
  return query
}

/** How many filters are set. */
export function activeFilterCount(filters: ListFilters): number {
  return Object.values(filters).filter((value) => value !== '').length
}

/** The supplier (incoming) or customer (outgoing) a listed document names, when it was read. */
export function partnerOf(record: Partial<DocumentSummary>): string | null {
  return record.party_name ?? null
}

const FILTER_KEYS = Object.keys(NO_FILTERS) as (keyof ListFilters)[]

/** The sort and filters a URL's search part holds (so a link or a reload keeps them). */
export function readListParams(search: URLSearchParams): { sort: ListSort; filters: ListFilters } {
  const sortParam = search.get('sort')
  const sort = (LIST_SORTS as readonly string[]).includes(sortParam ?? '') ? (sortParam as ListSort) : 'newest'
  const filters = { ...NO_FILTERS }
  for (const key of FILTER_KEYS) {
    const value = search.get(key)
    if (value) (filters as Record<string, string>)[key] = value
  }
  if (filters.status && filters.status !== 'none' && !(filters.status in DocumentStatus)) filters.status = ''
  return { sort, filters }
}

/** The search part for a sort and filters; defaults are left out. */
export function writeListParams(sort: ListSort, filters: ListFilters, base = new URLSearchParams()): URLSearchParams {
  const next = new URLSearchParams(base)
  if (sort === 'newest') next.delete('sort')
  else next.set('sort', sort)
  for (const key of FILTER_KEYS) {
    if (filters[key]) next.set(key, filters[key])
    else next.delete(key)
  }
  return next
}

/** A month's heading key for the Other documents view: YYYY-MM of the invoice date, else of the upload. */
export function monthOf(record: Partial<DocumentSummary>): string {
  return (record.invoice_date ?? record.created_at ?? '').slice(0, 7)
}
