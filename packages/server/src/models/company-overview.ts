import type { Knex } from 'knex'
import { fonOverviewState, monthBounds, monthLight, monthReasons } from '@portal/sdk/state'
import { monthCheckId, type CompanyOverviewRow, type MonthCheck } from '@portal/sdk/services'
import { BANK_CTES } from './bank-transactions'
import { REQUEST_CTES } from './document-request-counts'
import { CASH_BOOK_CTE, DOCUMENT_COUNT_CTES } from './documents/index'
import { EXPORT_CTES } from './erp-exports'
import { FON_CTE } from './fon-items'
import { UNPAID_DUE_CTE } from './open-items'
import { RELEASE_CTE } from './month-releases'

// The firm dashboard and the month check (issue 34) in one query each: the caller's companies (`sel`) and the months
// checked (`mon`) are the query's own tables, and every count is one grouped pass over its table (each table's part
// lives in that table's model), so a page of 500 companies costs one round trip, not one per company.

/** The parameters every part reads: today's date, then the companies and months. */
function headOf(companies: readonly number[], months: readonly string[], today: string): { sql: string; bindings: Knex.RawBinding[] } {
  const bounds = months.map(monthBounds)
  return {
    sql: `with
  p as (select ?::date as today),
  sel as (select unnest(cast(? as int[])) as company_no),
  mon as (select * from unnest(cast(? as text[]), cast(? as date[]), cast(? as date[])) as mon(month, month_from, month_to)),`,
    bindings: [today, `{${companies.join(',')}}`, `{${months.join(',')}}`, `{${bounds.map((b) => b.from).join(',')}}`, `{${bounds.map((b) => b.to).join(',')}}`],
  }
}

/** The month check's parts: every count per company and month. */
const MONTH_CTES = [BANK_CTES, REQUEST_CTES, CASH_BOOK_CTE, EXPORT_CTES, RELEASE_CTE]

/** The month check's columns of a row of `sel` × `mon` (aliases s and mon). */
const MONTH_COLUMNS = `
  coalesce(um.n, 0) as unmatched_month, coalesce(rm.open, 0) as requests_month, coalesce(rm.overdue, 0) as overdue_month,
  coalesce(sg.n, 0) as statement_gaps, coalesce(sm.n, 0) as statement_missing, coalesce(co.n, 0) as cash_open,
  coalesce(cs.show_cash_book, false) as cash_book, rel.released_by_name, rel.released_at, ex.month is not null as exported`

const MONTH_JOINS = `
  left join unmatched_month um on um.company_no = s.company_no and um.month = mon.month
  left join requests_month rm on rm.company_no = s.company_no and rm.month = mon.month
  left join statement_gaps sg on sg.company_no = s.company_no and sg.month = mon.month
  left join statement_missing sm on sm.company_no = s.company_no and sm.month = mon.month
  left join cash_open co on co.company_no = s.company_no and co.month = mon.month
  left join company_settings cs on cs.company_no = s.company_no
  left join releases rel on rel.company_no = s.company_no and rel.month = mon.month
  left join exported ex on ex.company_no = s.company_no and ex.month = mon.month`

const count = (value: unknown): number => Number(value ?? 0)

/** A row's month columns as the month check: its reasons (the SDK's rule), light, release and export. */
function toMonthCheck(row: Record<string, unknown>): MonthCheck {
  const cashBook = Boolean(row.cash_book)
  const overdue = count(row.overdue_month)
  const reasons = monthReasons({
    unmatchedTransactions: count(row.unmatched_month),
    overdueRequests: overdue,
    openRequests: count(row.requests_month) - overdue,
    statementGap: count(row.statement_gaps),
    statementMissing: count(row.statement_missing),
    cashBookOpen: cashBook ? count(row.cash_open) : 0,
  })
  const releasedAt = row.released_at as Date | string | null
  return {
    id: monthCheckId(Number(row.company_no), String(row.month)),
    company_no: Number(row.company_no),
    month: String(row.month),
    light: monthLight(reasons),
    reasons,
    cash_book: cashBook,
    released: releasedAt ? { released_by_name: (row.released_by_name as string | null) ?? null, released_at: new Date(releasedAt).toISOString() } : null,
    exported: Boolean(row.exported),
  }
}

/** Every row of the dashboard for the companies (ordered by number; the service filters, sorts and pages), checking `month`. */
export async function companyOverviewRows(db: Knex, companies: readonly number[], month: string, today: string): Promise<CompanyOverviewRow[]> {
  if (companies.length === 0) return []
  const head = headOf(companies, [month], today)
  const ctes = [DOCUMENT_COUNT_CTES, UNPAID_DUE_CTE, FON_CTE, ...MONTH_CTES].join(',')
  const result = await db.raw(
    `${head.sql} ${ctes}
    select c.company_no, mon.month, c.company_name, c.company_place, coalesce(er_u.n, 0) as er_u, coalesce(editor.n, 0) as editor,
      coalesce(unpaid.n, 0) as unpaid_due, coalesce(requests.open, 0) as requests_open, coalesce(requests.overdue, 0) as requests_overdue,
      coalesce(unmatched.n, 0) as unmatched, last_export.month as last_export,
      coalesce(fon.total, 0) as fon_total, coalesce(fon.open, 0) as fon_open, coalesce(fon.conflicts, 0) as fon_conflicts, ${MONTH_COLUMNS}
    from sel s join companies c on c.company_no = s.company_no cross join mon
    left join er_u on er_u.company_no = s.company_no
    left join editor on editor.company_no = s.company_no
    left join unpaid on unpaid.company_no = s.company_no
    left join requests on requests.company_no = s.company_no
    left join unmatched on unmatched.company_no = s.company_no
    left join last_export on last_export.company_no = s.company_no
    left join fon on fon.company_no = s.company_no ${MONTH_JOINS}
    order by c.company_no`,
    head.bindings,
  )
  return (result.rows as Record<string, unknown>[]).map((row) => {
    const fon = { total: count(row.fon_total), open: count(row.fon_open), conflicts: count(row.fon_conflicts) }
    return {
      id: Number(row.company_no),
      company_no: Number(row.company_no),
      company_name: String(row.company_name),
      company_place: String(row.company_place ?? ''),
      er_u: count(row.er_u),
      editor: count(row.editor),
      unpaid_due: count(row.unpaid_due),
      requests_open: count(row.requests_open),
      requests_overdue: count(row.requests_overdue),
      unmatched: count(row.unmatched),
      last_export: (row.last_export as string | null) ?? null,
      fon: { state: fonOverviewState(fon), open: fon.open, conflicts: fon.conflicts },
      month: toMonthCheck(row),
    }
  })
}

/** The month checks of one company for the months (in the order given). */
export async function monthChecks(db: Knex | Knex.Transaction, companyNo: number, months: readonly string[], today: string): Promise<MonthCheck[]> {
  const head = headOf([companyNo], months, today)
  const result = await db.raw(
    `${head.sql} ${MONTH_CTES.join(',')}
    select s.company_no, mon.month, ${MONTH_COLUMNS}
    from sel s join companies c on c.company_no = s.company_no cross join mon ${MONTH_JOINS}`,
    head.bindings,
  )
  const checks = new Map((result.rows as Record<string, unknown>[]).map((row) => [String(row.month), toMonthCheck(row)]))
  return months.flatMap((month) => checks.get(month) ?? [])
}
