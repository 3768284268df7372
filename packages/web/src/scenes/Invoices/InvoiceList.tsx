import { dateFormat } from '@portal/sdk/i18n'
import { useEffect, useRef } from 'react'
import { Link as RouterLink } from 'react-router-dom'
import { Spinner } from '@primer/react'
import { useTranslation } from 'react-i18next'
import { ProcessingState } from '@portal/sdk/domain'
import type { InvoiceRow } from '../../hooks/useInvoiceList'
import { useWindowedRange } from '../../hooks/useWindowedRange'
import { partnerOf } from './listQuery'
import { StatusFlags } from './StatusFlags'
import styles from './Invoices.module.css'

/** One line of the list: a document, or the heading of a month (Other documents). */
export type ListEntry = { kind: 'month'; month: string } | { kind: 'row'; row: InvoiceRow }

/** Props of InvoiceList. */
export interface InvoiceListProps {
  entries: readonly ListEntry[]
  /** Documents in the view (the server's total); more than loaded means more can be read on scrolling. */
  total: number
  selectedId: number
  hrefOf: (id: number) => string
  /** The view lists outgoing invoices: the partner is the customer. */
  outgoing: boolean
  language: string
  caption: string
  /** Called when the user scrolls near the end of what is loaded. */
  onNearEnd: () => void
  loadingMore: boolean
  /** Documents per month (YYYY-MM) of the whole view, shown with the month headings. */
  monthTotals?: Readonly<Record<string, number>>
}

/** Height of one line in CSS pixels: the windowing counts on every line being this tall. */
export const ROW_HEIGHT = 60

/**
 * The documents of a view beside the open one: date, supplier or customer, number, gross, currency, status flags
 * and processing state. Only the lines in view are rendered, and the server is asked for more near the end.
 */
export function InvoiceList({ entries, total, selectedId, hrefOf, outgoing, language, caption, onNearEnd, loadingMore, monthTotals }: InvoiceListProps) {
  const { t } = useTranslation('invoices')
  const scroller = useRef<HTMLDivElement>(null)
  const { start, end, onScroll, reveal } = useWindowedRange(scroller, entries.length, ROW_HEIGHT)
  const selectedIndex = entries.findIndex((entry) => entry.kind === 'row' && entry.row.id === selectedId)
  const loaded = entries.filter((entry) => entry.kind === 'row').length

  useEffect(() => {
    if (selectedIndex >= 0) reveal(selectedIndex)
  }, [selectedIndex, reveal])
  useEffect(() => {
    if (end >= entries.length - 5 && loaded < total) onNearEnd()
  }, [end, entries.length, loaded, total, onNearEnd])

  const dates = dateFormat(language, { dateStyle: 'medium', timeZone: 'UTC' })
  const months = dateFormat(language, { month: 'long', year: 'numeric', timeZone: 'UTC' })
  const money = (amount: string, currency: string | undefined) => {
    try {
      return new Intl.NumberFormat(language, { style: 'currency', currency: currency || 'EUR' }).format(Number(amount))
    } catch {
      return `${amount} ${currency ?? ''}`.trim()
    }
  }

  return (
    <div className={styles.listBox}>
      <div className={styles.listHead} aria-hidden="true">
        <span>{t('list.columns.date')}</span>
        <span>{outgoing ? t('list.columns.customer') : t('list.columns.supplier')}</span>
        <span className={styles.number}>{t('list.columns.gross')}</span>
      </div>
      <div
        ref={scroller}
        className={styles.listScroller}
        onScroll={onScroll}
        role="region"
        aria-label={caption}
        tabIndex={-1}
        data-testid="invoice-list"
        data-total={total}
        data-loaded={loaded}
      >
        <ul className={styles.list} style={{ height: entries.length * ROW_HEIGHT }}>
          {entries.slice(start, end).map((entry, offset) => {
            const index = start + offset
            const top = index * ROW_HEIGHT
            if (entry.kind === 'month') {
              const [year, month] = entry.month.split('-').map(Number)
              return (
                <li key={`m-${entry.month}`} className={styles.monthRow} style={{ top, height: ROW_HEIGHT }} data-testid="month-heading">
                  <h3>
                    {year && month ? months.format(new Date(Date.UTC(year, month - 1, 1))) : t('list.noDate')}
                    {monthTotals?.[entry.month] !== undefined ? <span className={styles.monthCount}> · {t('list.monthCount', { count: monthTotals[entry.month] })}</span> : null}
                  </h3>
                </li>
              )
            }
            const { row } = entry
            const partner = partnerOf(row)
            const selected = row.id === selectedId
            const processing = row.processing_state && row.processing_state !== ProcessingState.done ? row.processing_state : null
            return (
              <li key={row.id} className={styles.rowItem} style={{ top, height: ROW_HEIGHT }}>
                <RouterLink
                  to={hrefOf(row.id)}
                  className={styles.row}
                  aria-current={selected ? 'true' : undefined}
                  data-testid="invoice-row"
                  data-document-id={row.id}
                  data-status={row.status}
                >
                  <span className={styles.rowLine}>
                    <span className={styles.date}>{row.invoice_date ? dates.format(new Date(`${row.invoice_date}T00:00:00Z`)) : '–'}</span>
                    <span className={styles.partner}>{partner ?? row.file_name ?? t('list.unnamed')}</span>
                    <span className={styles.gross}>{row.total_gross ? money(row.total_gross, row.currency) : '–'}</span>
                  </span>
                  <span className={styles.rowLine}>
                    <span className={styles.invoiceNumber}>
                      {t('list.columns.number')} {row.invoice_number ?? '–'}
                    </span>
                    <StatusFlags status={row.status ?? 0} />
                    {processing ? (
                      <span className={styles.processing} data-testid="processing-state">
                        {processing === ProcessingState.processing || processing === ProcessingState.queued ? <Spinner size="small" srText={null} /> : null}
                        {t(`list.processing.${processing}` as 'list.processing.done', { defaultValue: processing })}
                      </span>
                    ) : null}
                  </span>
                </RouterLink>
              </li>
            )
          })}
        </ul>
        {loadingMore ? <p className={styles.loadingMore}>{t('list.loadingMore')}</p> : null}
      </div>
      <p className={styles.listFoot} data-testid="list-count">
        {t('list.shown', { shown: loaded, total })}
      </p>
    </div>
  )
}
