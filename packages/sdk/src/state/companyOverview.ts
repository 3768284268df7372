/**
 * The firm dashboard's rows (issue 34) as pure logic: the FON state of a company's quota items, and the filter and
 * order of the rows, so the server answers a page exactly as the screen describes it.
 */
import { DocumentTypeRoute } from '../domain/documentTypes'
import { MONTH_LIGHTS, type MonthLight } from './monthCheck'
import { buildPath, canAccess, routeByName, type RouteName } from './routes'

/** A company's FON quota items at a glance: none, all done, some open, or a conflict to resolve. */
export type FonOverviewState = 'none' | 'done' | 'open' | 'conflict'

/** Every FON overview state, best first. */
export const FON_OVERVIEW_STATES: readonly FonOverviewState[] = ['none', 'done', 'open', 'conflict']

/** The FON state of a company from the counts of its quota items (conflicts: data conflict or no NTCS record). */
export function fonOverviewState(counts: { total: number; open: number; conflicts: number }): FonOverviewState {
  if (counts.conflicts > 0) return 'conflict'
  if (counts.open > 0) return 'open'
  return counts.total > 0 ? 'done' : 'none'
}

/** The dashboard filters: every company, those with something open, red months, released or not released months. */
export const OVERVIEW_FILTERS = ['all', 'open', 'red', 'released', 'notReleased'] as const

/** One dashboard filter. */
export type OverviewFilter = (typeof OVERVIEW_FILTERS)[number]

/** The columns the dashboard sorts by. */
export const OVERVIEW_SORT_FIELDS = ['company_no', 'company_name', 'invoices_open', 'editor', 'unpaid_due', 'requests_open', 'unmatched', 'last_export', 'fon', 'light'] as const

/** One sortable column. */
export type OverviewSortField = (typeof OVERVIEW_SORT_FIELDS)[number]

/** What filter and order need of a dashboard row (the row itself is the SDK's CompanyOverviewRow). */
export interface OverviewSortable {
  company_no: number
  company_name: string
  company_place: string
  /** Unconfirmed incoming invoices (ER_U). */
  invoices_open: number
  /** Documents in the document editor not processed yet. */
  editor: number
  /** Unpaid items (both sides) due today or earlier. */
  unpaid_due: number
  /** Requests to the company not closed, and those of them past their due date. */
  requests_open: number
  requests_overdue: number
  /** Bank movements no living match settles. */
  unmatched: number
  /** The last month (YYYY-MM) exported to the ERP, or null. */
  last_export: string | null
  fon: { state: FonOverviewState }
  month: { light: MonthLight; released: unknown }
}

/** True when a row has anything for the firm to do (a count above 0, a FON state other than none or done, a month not green). */
export function hasOpenWork(row: OverviewSortable): boolean {
  return row.invoices_open + row.editor + row.unpaid_due + row.requests_open + row.unmatched > 0 || row.fon.state === 'open' || row.fon.state === 'conflict' || row.month.light !== 'green'
}

/** What identifies a company in a row: its number, name and place. */
export type OverviewCompany = Pick<OverviewSortable, 'company_no' | 'company_name' | 'company_place'>

/** True when the company matches the search words (number, name or place, each word somewhere). */
export function overviewCompanyMatches(company: OverviewCompany, search: string | undefined): boolean {
  const words = (search ?? '').toLocaleLowerCase('de').split(/\s+/).filter(Boolean)
  const text = `${company.company_no} ${company.company_name} ${company.company_place}`.toLocaleLowerCase('de')
  return words.every((word) => text.includes(word))
}

/**
 * True when the filter or the order of a dashboard query depends on the counts (anything but "all companies" in
 * number or name order): then every company's counts are needed; otherwise only those of the page.
 */
export function overviewNeedsAllCounts(query: { only?: OverviewFilter; $sort?: Partial<Record<OverviewSortField, 1 | -1>> }): boolean {
  const field = Object.keys(query.$sort ?? {})[0] ?? 'company_no'
  return (query.only ?? 'all') !== 'all' || (field !== 'company_no' && field !== 'company_name')
}

/** True when a row matches the search words (company number, name or place, each word somewhere) and the filter. */
export function overviewRowMatches(row: OverviewSortable, filter: { search?: string; only?: OverviewFilter }): boolean {
  if (!overviewCompanyMatches(row, filter.search)) return false
  switch (filter.only ?? 'all') {
    case 'open':
      return hasOpenWork(row)
    case 'red':
      return row.month.light === 'red'
    case 'released':
      return row.month.released !== null
    case 'notReleased':
      return row.month.released === null
    default:
      return true
  }
}

/** A row's value of a column; a row of the company alone (no counts yet) orders by its number or name only. */
const valueOf = (row: OverviewCompany & Partial<OverviewSortable>, field: OverviewSortField): number | string => {
  switch (field) {
    case 'company_name':
      return row.company_name.toLocaleLowerCase('de')
    case 'last_export':
      return row.last_export ?? ''
    case 'fon':
      return row.fon ? FON_OVERVIEW_STATES.indexOf(row.fon.state) : 0
    case 'light':
      return row.month ? MONTH_LIGHTS.indexOf(row.month.light) : 0
    default:
      return row[field] ?? 0
  }
}

/** Orders rows by one column (1 ascending, -1 descending), ties by company number; default: company number ascending. */
export function sortOverviewRows<T extends OverviewCompany & Partial<OverviewSortable>>(rows: readonly T[], sort: Partial<Record<OverviewSortField, 1 | -1>> = {}): T[] {
  const [field, direction] = (Object.entries(sort)[0] ?? ['company_no', 1]) as [OverviewSortField, 1 | -1]
  return [...rows].sort((a, b) => {
    const [x, y] = [valueOf(a, field), valueOf(b, field)]
    const order = x < y ? -1 : x > y ? 1 : 0
    return order !== 0 ? order * direction : a.company_no - b.company_no
  })
}

/** The dashboard's columns that lead to a screen. */
export type OverviewLinkColumn = 'invoices_open' | 'editor' | 'unpaid_due' | 'requests' | 'unmatched' | 'last_export' | 'fon' | 'light'

/**
 * The screen each number of a row opens: the unconfirmed incoming invoices, the document editor, the unpaid items,
 * the requests screen, banking, the ERP export, the FON monitoring
 * and the month check.
 */
const OVERVIEW_LINKS: Record<OverviewLinkColumn, { route: RouteName; params?: Record<string, string> }> = {
  invoices_open: { route: 'invoices', params: { document_type: DocumentTypeRoute.ER_U } },
  editor: { route: 'document-editor' },
  unpaid_due: { route: 'unpaid-items' },
  requests: { route: 'requests' },
  unmatched: { route: 'banking' },
  last_export: { route: 'erp-export' },
  fon: { route: 'fon-monitoring' },
  light: { route: 'month-check' },
}

/** The path a number of a company's row links to, or null when the user may not open that screen. */
export function overviewLink(column: OverviewLinkColumn, companyNo: number, permissions: readonly string[]): string | null {
  const link = OVERVIEW_LINKS[column]
  const route = routeByName(link.route)
  if (!canAccess(route.access, permissions)) return null
  return buildPath(route.path, { client: companyNo, ...link.params })
}
