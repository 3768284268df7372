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
  p as (select ?::date as today, cast(? as int[]) as companies),
  sel as (select unnest(companies) as company_no from p),
  mon as (select * from unnest(cast(? as text[]), cast(? as date[]), cast(? as date[])) as mon(month, month_from, month_to)),`,
    bindings: [today, `{${companies.join(',')}}`, `{${months.join(',')}}`, `{${bounds.map((b) => b.from).join(',')}}`, `{${bounds.map((b) => b.to).join(',')}}`],
  }
}

/** The month check's parts: every count per company and month. */
const MONTH_CTES = [BANK_CTES, REQUEST_CTES, CASH_BOOK_CTE, EXPORT_CTES, RELEASE_CTE]

/**
 * Each part's answer as facts `(company_no, month, k, n, label, at)`, one union instead of a join per part: a join of
 * twenty grouped parts cost the planner more than running them (the planning alone took most of a page's time), a
 * union of them is planned part by part and pivoted once. Month-independent facts have no month.
 */
const fact = (cte: string, k: string, n = 'n', extra: { month?: string; label?: string; at?: string } = {}) =>
  `select company_no, ${extra.month ?? 'null::text'} as month, '${k}' as k, ${n} as n, ${extra.label ?? 'null::text'} as label, ${extra.at ?? 'null::timestamptz'} as at from ${cte}`

const COUNT_FACTS = [
  fact('invoices_open', 'invoices_open'),
  fact('editor', 'editor'),
  fact('unpaid', 'unpaid_due'),
  fact('requests', 'requests_open', 'open'),
  fact('requests', 'requests_overdue', 'overdue'),
  fact('unmatched', 'unmatched'),
  fact('last_export', 'last_export', '0', { label: 'month' }),
  fact('fon', 'fon_total', 'total'),
  fact('fon', 'fon_open', 'open'),
  fact('fon', 'fon_conflicts', 'conflicts'),
]

const MONTH_FACTS = [
  fact('unmatched_month', 'unmatched_month', 'n', { month: 'month' }),
  fact('requests_month', 'requests_month', 'open', { month: 'month' }),
  fact('requests_month', 'overdue_month', 'overdue', { month: 'month' }),
  fact('statement_gaps', 'statement_gaps', 'n', { month: 'month' }),
  fact('statement_missing', 'statement_missing', 'n', { month: 'month' }),
  fact('cash_open', 'cash_open', 'n', { month: 'month' }),
  fact('releases', 'released', '1', { month: 'month', label: 'released_by_name', at: 'released_at' }),
  fact('exported', 'exported', '1', { month: 'month' }),
]

/** The pivot of the facts' counts into columns, by name; labels and times of the named facts. */
const pivot = (names: readonly string[]) =>
  [
    ...names.map((k) => `coalesce(sum(n) filter (where k = '${k}'), 0)::int as ${k}`),
    `max(label) filter (where k = 'last_export') as last_export`,
    `max(label) filter (where k = 'released') as released_by_name`,
    `max(at) filter (where k = 'released') as released_at`,
  ].join(', ')

const COUNT_NAMES = ['invoices_open', 'editor', 'unpaid_due', 'requests_open', 'requests_overdue', 'unmatched', 'fon_total', 'fon_open', 'fon_conflicts']
const MONTH_NAMES = ['unmatched_month', 'requests_month', 'overdue_month', 'statement_gaps', 'statement_missing', 'cash_open', 'exported']

/** The pivot's columns (its company_no left out: a company without facts has none there). */
const PIVOT_COLUMNS = [...COUNT_NAMES, ...MONTH_NAMES, 'last_export', 'released_by_name', 'released_at']

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
    exported: count(row.exported) > 0,
  }
}

/** Every row of the dashboard for the companies (ordered by number; the service filters, sorts and pages), checking `month`. */
export async function companyOverviewRows(db: Knex, companies: readonly number[], month: string, today: string): Promise<CompanyOverviewRow[]> {
  if (companies.length === 0) return []
  const head = headOf(companies, [month], today)
  const ctes = [DOCUMENT_COUNT_CTES, UNPAID_DUE_CTE, FON_CTE, ...MONTH_CTES].join(',')
  const result = await db.raw(
    `${head.sql} ${ctes},
    facts as (${[...COUNT_FACTS, ...MONTH_FACTS].join('\n union all ')}),
    pivot as (select company_no, ${pivot([...COUNT_NAMES, ...MONTH_NAMES])} from facts group by company_no)
    select c.company_no, (select month from mon) as month, c.company_name, c.company_place, coalesce(cs.show_cash_book, false) as cash_book,
      ${PIVOT_COLUMNS.map((column) => `pivot.${column}`).join(', ')}
    from sel s join companies c on c.company_no = s.company_no
    left join company_settings cs on cs.company_no = s.company_no
    left join pivot on pivot.company_no = s.company_no
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
      invoices_open: count(row.invoices_open),
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
    `${head.sql} ${MONTH_CTES.join(',')},
    facts as (${MONTH_FACTS.join('\n union all ')}),
    pivot as (select company_no, month, ${pivot(MONTH_NAMES)} from facts group by company_no, month)
    select s.company_no, mon.month, coalesce(cs.show_cash_book, false) as cash_book, pivot.unmatched_month, pivot.requests_month, pivot.overdue_month,
      pivot.statement_gaps, pivot.statement_missing, pivot.cash_open, pivot.exported, pivot.released_by_name, pivot.released_at
    from sel s cross join mon
    left join company_settings cs on cs.company_no = s.company_no
    left join pivot on pivot.company_no = s.company_no and pivot.month = mon.month`,
    head.bindings,
  )
  const checks = new Map((result.rows as Record<string, unknown>[]).map((row) => [String(row.month), toMonthCheck(row)]))
  return months.flatMap((month) => checks.get(month) ?? [])
}
