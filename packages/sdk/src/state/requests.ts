import { daysBetween, REQUEST_STATUSES, type RequestStatus } from '../domain/index'
import type { DocumentRequestRecord, DocumentRequestsQuery } from '../services/document-requests'

/** What a requests list shows: open and answered (the default), one status, or all. */
export const REQUEST_FILTERS = ['active', 'open', 'answered', 'closed', 'all'] as const

/** One requests filter. */
export type RequestFilter = (typeof REQUEST_FILTERS)[number]

/** The statuses a filter shows. */
export function statusesOf(filter: RequestFilter): readonly RequestStatus[] {
  if (filter === 'all') return REQUEST_STATUSES
  if (filter === 'active') return ['open', 'answered']
  return [filter]
}

/** The find query of a filter, for one company or all the user holds (web list, landing block, CLI). */
export function requestsQueryOf(filter: RequestFilter, companyNo?: number): DocumentRequestsQuery {
  const statuses = statusesOf(filter)
  return {
    ...(companyNo !== undefined ? { company_no: companyNo } : {}),
    ...(filter === 'all' ? {} : statuses.length === 1 ? { status: statuses[0] } : { status: { $in: [...statuses] } }),
    $limit: 500,
  }
}

/** Whether a request belongs in a list of that filter and company (a live list's `belongsTo`). */
export function requestBelongs(record: DocumentRequestRecord, filter: RequestFilter, companyNo?: number): boolean {
  return (companyNo === undefined || record.company_no === companyNo) && statusesOf(filter).includes(record.status)
}

/** The order of a requests list: not closed first, then by due date, then by number (as the server answers). */
export function requestOrder(a: DocumentRequestRecord, b: DocumentRequestRecord): number {
  const closed = Number(a.status === 'closed') - Number(b.status === 'closed')
  return closed || daysBetween(b.due_date, a.due_date) || a.id - b.id
}

/** How many days a new request gives by default. */
export const DEFAULT_REQUEST_DUE_DAYS = 14

/** The date `days` after an ISO date (YYYY-MM-DD). */
export function addDays(isoDate: string, days: number): string {
  const date = new Date(`${isoDate.slice(0, 10)}T00:00:00Z`)
  date.setUTCDate(date.getUTCDate() + days)
  return date.toISOString().slice(0, 10)
}
