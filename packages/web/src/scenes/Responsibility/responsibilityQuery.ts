import type { ResponsibilityQuery } from '@portal/sdk/services'

/** Companies shown per page. */
export const RESPONSIBILITY_PAGE_SIZE = 50

/** What the list shows; kept in the URL. `staff` is a staff member's id, 'none' (nobody assigned) or '' (everyone). */
export interface ResponsibilityParams {
  search: string
  staff: string
  page: number
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** Reads the list's state from the URL; anything unknown falls back to everyone, first page. */
export function readResponsibilityParams(search: URLSearchParams): ResponsibilityParams {
  const staff = search.get('staff') ?? ''
  const page = Number(search.get('page'))
  return {
    search: (search.get('q') ?? '').slice(0, 100),
    staff: staff === 'none' || UUID.test(staff) ? staff : '',
    page: Number.isInteger(page) && page > 0 ? page : 0,
  }
}

/** Writes the list's state into the URL, leaving out the defaults. */
export function writeResponsibilityParams(params: ResponsibilityParams): URLSearchParams {
  const out = new URLSearchParams()
  if (params.search.trim()) out.set('q', params.search.trim())
  if (params.staff) out.set('staff', params.staff)
  if (params.page > 0) out.set('page', String(params.page))
  return out
}

/** The responsibility.find query of one page, by company number. */
export function responsibilityQuery(params: ResponsibilityParams): ResponsibilityQuery {
  const query: ResponsibilityQuery = { $limit: RESPONSIBILITY_PAGE_SIZE, $skip: params.page * RESPONSIBILITY_PAGE_SIZE, $sort: { companyNo: 1 } }
  if (params.search.trim()) query.search = params.search.trim()
  if (params.staff === 'none') query.unassigned = true
  else if (params.staff) query.staffId = params.staff
  return query
}
