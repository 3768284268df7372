import { dateFormat } from '@portal/sdk/i18n'
import { useEffect, useState } from 'react'
import { Link as RouterLink } from 'react-router-dom'
import { Label, Link } from '@primer/react'
import { useTranslation } from 'react-i18next'
import type { ErpItemStatus } from '@portal/sdk/domain'
import type { ErpExportBatchDetail } from '@portal/sdk/services'
import { Loading } from '../../components/Loading/Loading'
import { useSession } from '../../hooks/useSession'
import { useSnackbar } from '../../hooks/useSnackbar'
import { accountingHref } from './documentHref'
import styles from './ErpExport.module.css'

/** Label colour of an ERP status. */
export const ITEM_VARIANT: Record<ErpItemStatus, 'secondary' | 'success' | 'danger' | 'attention'> = {
  pending: 'secondary',
  imported: 'success',
  error: 'danger',
  info: 'attention',
}

/** An amount in its currency in the user's language (as the server wrote it when the code is unknown to the browser). */
function money(language: string, amount: string, currency: string): string {
  try {
    return new Intl.NumberFormat(language, { style: 'currency', currency }).format(Number(amount))
  } catch {
    return `${amount} ${currency}`
  }
}

/** Props of BatchItems. */
export interface BatchItemsProps {
  batchId: number
  companyNo: number
  /** Changes whenever the batch does (status, results): the items are read again. */
  stamp: string
}

/** The bookings of one batch, each with its document and what the ERP said about it (status and message). */
export function BatchItems({ batchId, companyNo, stamp }: BatchItemsProps) {
  const { t } = useTranslation('erpScreen')
  const { client, language } = useSession()
  const { notifyError } = useSnackbar()
  const [detail, setDetail] = useState<ErpExportBatchDetail | null>(null)
  useEffect(() => {
    let cancelled = false
    client
      .service('erp-exports')
      .get(batchId)
      .then((answer) => !cancelled && setDetail(answer), notifyError)
    return () => {
      cancelled = true
    }
  }, [client, batchId, stamp, notifyError])
  if (!detail || detail.id !== batchId) return <Loading label={t('items.loading')} />
  const date = dateFormat(language, { dateStyle: 'medium', timeZone: 'UTC' })
  return (
    <table className={styles.table} data-testid="batch-items">
      <caption className={styles.caption}>{t('items.heading', { id: batchId })}</caption>
      <thead>
        <tr>
          <th scope="col">{t('items.columns.bookingNo')}</th>
          <th scope="col">{t('items.columns.document')}</th>
          <th scope="col">{t('items.columns.date')}</th>
          <th scope="col" className={styles.number}>
            {t('items.columns.gross')}
          </th>
          <th scope="col">{t('items.columns.status')}</th>
          <th scope="col">{t('items.columns.message')}</th>
        </tr>
      </thead>
      <tbody>
        {detail.items.map((item) => (
          <tr key={item.booking_id} data-testid="batch-item" data-document-id={item.document_id} data-erp-status={item.erp_status}>
            <td>
              {item.booking_no}
              {item.kind === 'reversal' ? <span className={styles.small}>{t('items.reversal')}</span> : null}
            </td>
            <td>
              <Link as={RouterLink} to={accountingHref(companyNo, item.document_id)}>
                {item.document_number ?? `#${item.document_id}`}
              </Link>
            </td>
            <td>{date.format(new Date(`${item.document_date}T00:00:00Z`))}</td>
            <td className={styles.number}>{money(language, item.gross, item.currency)}</td>
            <td>
              <Label variant={ITEM_VARIANT[item.erp_status]}>{t(`erp:itemStatus.${item.erp_status}`)}</Label>
            </td>
            <td>{item.erp_message ?? ''}</td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}
