import { DocumentKind } from '@portal/sdk/domain'
import { useTranslation } from 'react-i18next'
import { AGEING_BUCKETS, type OpenItemSide } from '@portal/sdk/domain'
import type { UnpaidItem, UnpaidItemsPage } from '@portal/sdk/services'
import { formatDate, formatMoney } from './format'
import styles from './UnpaidItems.module.css'

/** Props of OpenItemsTable. */
export interface OpenItemsTableProps {
  side: OpenItemSide
  page: UnpaidItemsPage
  selectedId: number
  language: string
  onSelect: (item: UnpaidItem) => void
}

/** Column heads of the ageing buckets and the total. */
function BucketHeads() {
  const { t } = useTranslation('unpaid')
  return (
    <>
      {[...AGEING_BUCKETS, 'total' as const].map((bucket) => (
        <th key={bucket} scope="col" className={styles.number}>
          {t(`bucket.${bucket}`)}
        </th>
      ))}
    </>
  )
}

/** A caption-less cell text for the discount: the amount and its deadline, flagged when the deadline is near. */
function DiscountCell({ item, language }: { item: UnpaidItem; language: string }) {
  const { t } = useTranslation('unpaid')
  if (!item.discount_applies || !item.discount_due_date) return <>–</>
  const days = Math.round((Date.parse(`${item.discount_due_date}T00:00:00Z`) - Date.parse(`${new Date().toISOString().slice(0, 10)}T00:00:00Z`)) / 86_400_000)
  return (
    <span className={item.discount_soon ? styles.soon : undefined} data-testid={item.discount_soon ? 'discount-soon' : 'discount'}>
      {t('discountUntil', { amount: formatMoney(item.discount, item.currency, language), date: formatDate(item.discount_due_date, language) })}
      {item.discount_soon ? <> · {days <= 0 ? t('discountToday') : t('discountSoon', { count: days })}</> : null}
    </span>
  )
}

/**
 * One side's open items (document, partner, due date, Skonto, days overdue, open amount) with the totals per ageing
 * bucket of everything the filter matches. A click or Enter selects an item (the URL keeps it, as in the invoice views).
 */
export function OpenItemsTable({ side, page, selectedId, language, onSelect }: OpenItemsTableProps) {
  const { t } = useTranslation('unpaid')
  const currency = page.data[0]?.currency ?? 'EUR'
  return (
    <>
      <div className={styles.scroll}>
        <table className={`${styles.table} stack-on-phone`} data-testid={`totals-${side}`}>
          <caption className={styles.muted}>{t('totals.heading')}</caption>
          <thead>
            <tr>
              <BucketHeads />
            </tr>
          </thead>
          <tbody>
            <tr className={styles.totals}>
              {AGEING_BUCKETS.map((bucket) => (
                <td key={bucket} className={styles.number} data-testid={`total-${bucket}`} data-label={t(`bucket.${bucket}`)}>
                  {formatMoney(page.totals[bucket], currency, language)}
                </td>
              ))}
              <td className={styles.number} data-testid="total-all" data-label={t('bucket.total')}>
                {formatMoney(page.totals.total, currency, language)}
              </td>
            </tr>
          </tbody>
        </table>
      </div>
      <div className={styles.scroll}>
        <table className={`${styles.table} stack-on-phone`} data-testid={`open-items-${side}`}>
          <caption className={styles.muted}>{t(`side.${side}`)}</caption>
          <thead>
            <tr>
              <th scope="col">{t('columns.document')}</th>
              <th scope="col">{t('columns.partner')}</th>
              <th scope="col">{t('columns.dueDate')}</th>
              {side === DocumentKind.ER ? <th scope="col">{t('approvalColumn')}</th> : null}
              <th scope="col">{t('columns.discount')}</th>
              <th scope="col" className={styles.number}>
                {t('columns.overdue')}
              </th>
              <th scope="col" className={styles.number}>
                {t('columns.open')}
              </th>
            </tr>
          </thead>
          <tbody>
            {page.data.map((item) => {
              const selected = item.document_id === selectedId
              return (
                <tr
                  key={item.id}
                  className={`${styles.row} ${selected ? styles.selected : ''}`}
                  aria-selected={selected}
                  tabIndex={0}
                  onClick={() => onSelect(item)}
                  onKeyDown={(event) => {
                    if (event.key === 'Enter' || event.key === ' ') {
                      event.preventDefault()
                      onSelect(item)
                    }
                  }}
                  data-testid="open-item"
                  data-booking-id={item.id}
                  data-document-id={item.document_id}
                  data-bucket={item.bucket}
                >
                  <td>
                    {item.document_number ?? `#${item.document_id}`}
                    <br />
                    <span className={styles.muted}>{formatDate(item.document_date, language)}</span>
                  </td>
                  <td>
                    {item.partner_name ?? item.account}
                    <br />
                    <span className={styles.muted}>{item.account}</span>
                  </td>
                  <td data-label={t('columns.dueDate')}>{formatDate(item.due_date, language)}</td>
                  {side === DocumentKind.ER ? (
                    <td className={styles.approval} data-label={t('approvalColumn')} data-testid="item-approval" data-approval={item.approval}>
                      {t(`approval.state.${item.approval}`)}
                      {item.in_run !== null ? (
                        <>
                          <br />
                          <span className={styles.partial} data-testid="item-in-payment">
                            {t('inPayment', { run: item.in_run })}
                          </span>
                        </>
                      ) : null}
                    </td>
                  ) : null}
                  <td data-label={t('columns.discount')}>
                    <DiscountCell item={item} language={language} />
                  </td>
                  <td className={`${styles.number} ${item.overdue > 0 ? styles.overdue : ''}`} data-label={t('columns.overdue')}>{item.overdue > 0 ? item.overdue : t('bucket.notDue')}</td>
                  <td className={styles.number} data-label={t('columns.open')}>
                    {formatMoney(item.open, item.currency, language)}
                    {item.state === 'partlyPaid' ? (
                      <span className={styles.partial}>{t('partlyPaid', { paid: formatMoney(item.paid, item.currency, language), gross: formatMoney(item.gross, item.currency, language) })}</span>
                    ) : null}
                  </td>
                </tr>
              )
            })}
          </tbody>
        </table>
      </div>
      {page.partners.length > 0 ? (
        <details>
          <summary>{t('totals.partner')}</summary>
          <div className={styles.scroll}>
            <table className={`${styles.table} stack-on-phone`} data-testid={`partners-${side}`}>
              <thead>
                <tr>
                  <th scope="col">{t('columns.partner')}</th>
                  <BucketHeads />
                </tr>
              </thead>
              <tbody>
                {page.partners.map((partner) => (
                  <tr key={partner.account}>
                    <th scope="row">
                      {partner.partner_name ?? partner.account} <span className={styles.muted}>({t('totals.items', { count: partner.items })})</span>
                    </th>
                    {AGEING_BUCKETS.map((bucket) => (
                      <td key={bucket} className={styles.number} data-label={t(`bucket.${bucket}`)}>
                        {formatMoney(partner.totals[bucket], currency, language)}
                      </td>
                    ))}
                    <td className={`${styles.number} ${styles.totals}`} data-label={t('bucket.total')}>{formatMoney(partner.totals.total, currency, language)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </details>
      ) : null}
    </>
  )
}
