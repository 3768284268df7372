import type { ReactNode } from 'react'
import { Link as RouterLink } from 'react-router-dom'
import { Link } from '@primer/react'
import { useTranslation } from 'react-i18next'
import type { CompanyOverviewRow } from '@portal/sdk/services'
import { formatDate, formatNumber } from '@portal/sdk/i18n'
import { overviewLink, type OverviewLinkColumn, type OverviewSortField } from '@portal/sdk/state'
import { MonthLightLabel } from './MonthLightLabel'
import styles from './Overview.module.css'

/** The order the table shows: one column and its direction. */
export type OverviewSort = { field: OverviewSortField; direction: 1 | -1 }

/** Props of OverviewTable. */
export interface OverviewTableProps {
  rows: readonly CompanyOverviewRow[]
  sort: OverviewSort
  onSort: (sort: OverviewSort) => void
  permissions: readonly string[]
}

const COLUMNS: { field: OverviewSortField; label: string; number?: boolean }[] = [
  { field: 'company_name', label: 'columns.company' },
  { field: 'invoices_open', label: 'columns.invoices_open', number: true },
  { field: 'editor', label: 'columns.editor', number: true },
  { field: 'unpaid_due', label: 'columns.unpaid_due', number: true },
  { field: 'requests_open', label: 'columns.requests', number: true },
  { field: 'unmatched', label: 'columns.unmatched', number: true },
  { field: 'last_export', label: 'columns.last_export' },
  { field: 'fon', label: 'columns.fon' },
  { field: 'light', label: 'columns.light' },
]

/**
 * The firm dashboard's table: one row per company, each header a button that sorts by its column (aria-sort tells
 * which), each number a link to its screen where the user may open that screen.
 */
export function OverviewTable({ rows, sort, onSort, permissions }: OverviewTableProps) {
  const { t, i18n } = useTranslation('overview')
  const language = i18n.language
  const cell = (column: OverviewLinkColumn, row: CompanyOverviewRow, content: ReactNode, testId: string) => {
    const to = overviewLink(column, row.company_no, permissions)
    return to ? (
      <Link as={RouterLink} to={to} data-testid={testId}>
        {content}
      </Link>
    ) : (
      <span data-testid={testId}>{content}</span>
    )
  }
  const count = (value: number) => formatNumber(value, language)
  const month = (value: string) => formatDate(`${value}-01`, language, { month: 'long', year: 'numeric' })

  return (
    <div className={styles.scroll}>
      <table className={styles.table} data-testid="overview-table">
        <caption className={styles.visuallyHidden}>{t('table')}</caption>
        <thead>
          <tr>
            {COLUMNS.map((column) => {
              const active = sort.field === column.field
              return (
                <th key={column.field} scope="col" className={column.number ? styles.number : undefined} aria-sort={active ? (sort.direction === 1 ? 'ascending' : 'descending') : 'none'}>
                  <button
                    type="button"
                    className={styles.sortButton}
                    onClick={() => onSort({ field: column.field, direction: active ? (sort.direction === 1 ? -1 : 1) : column.number || column.field === 'light' ? -1 : 1 })}
                    data-testid={`sort-${column.field}`}
                  >
                    {t(column.label)}
                    <span aria-hidden="true">{active ? (sort.direction === 1 ? ' ▲' : ' ▼') : ''}</span>
                  </button>
                </th>
              )
            })}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.company_no} data-testid="overview-row" data-company={row.company_no}>
              <th scope="row" className={styles.company}>
                {cell('invoices_open', row, `${row.company_no} · ${row.company_name}`, 'overview-company')}
                <span className={styles.place}>{row.company_place}</span>
              </th>
              <td className={styles.number}>{cell('invoices_open', row, count(row.invoices_open), 'cell-invoices_open')}</td>
              <td className={styles.number}>{cell('editor', row, count(row.editor), 'cell-editor')}</td>
              <td className={styles.number}>{cell('unpaid_due', row, count(row.unpaid_due), 'cell-unpaid_due')}</td>
              <td className={styles.number}>
                {cell('requests', row, count(row.requests_open), 'cell-requests')}
                {row.requests_overdue > 0 ? (
                  <span className={styles.overdue} data-testid="cell-overdue">
                    {t('overdue', { count: row.requests_overdue })}
                  </span>
                ) : null}
              </td>
              <td className={styles.number}>{cell('unmatched', row, count(row.unmatched), 'cell-unmatched')}</td>
              <td>{cell('last_export', row, row.last_export ? month(row.last_export) : t('noExport'), 'cell-last_export')}</td>
              <td>{cell('fon', row, t(`fon.${row.fon.state}`, { count: row.fon.state === 'conflict' ? row.fon.conflicts : row.fon.open }), 'cell-fon')}</td>
              <td>
                {cell('light', row, <MonthLightLabel light={row.month.light} />, 'cell-light')}
                <span className={styles.release} data-testid="cell-release">
                  {row.month.released
                    ? t('releasedBy', { name: row.month.released.released_by_name ?? '?', date: formatDate(row.month.released.released_at, language) })
                    : t('notReleased')}
                </span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
