import { dateFormat } from '@portal/sdk/i18n'
import { Banner, Button } from '@primer/react'
import { UndoIcon } from '@primer/octicons-react'
import { useTranslation } from 'react-i18next'
import { errorToMessage } from '@portal/sdk/errors'
import { useCan } from '../../hooks/useCan'
import { useDocumentActions } from '../../hooks/useDocumentActions'
import type { InvoiceRow } from '../../hooks/useInvoiceList'
import { useSession } from '../../hooks/useSession'
import { useSnackbar } from '../../hooks/useSnackbar'
import { PurgeButton } from './PurgeButton'
import { StatusFlags } from './StatusFlags'
import styles from './Invoices.module.css'

/** Props of TrashedSummary. */
export interface TrashedSummaryProps {
  row: InvoiceRow
  onLeave: (id: number) => void
}

/** How many days the trash keeps a document (the server's TRASH_RETENTION_DAYS). */
const RETENTION_DAYS = 30

/**
 * A trashed document as the trash list knows it, with Restore and Delete permanently: shown when its pages and
 * fields cannot be opened (the server serves those only for live documents).
 */
export function TrashedSummary({ row, onLeave }: TrashedSummaryProps) {
  const { t } = useTranslation('invoices')
  const { language } = useSession()
  const { notify } = useSnackbar()
  const mayRestore = useCan('document-trash', 'patch', { companyNo: row.company_no })
  const mayPurge = useCan('document-trash', 'remove', { companyNo: row.company_no })
  const actions = useDocumentActions(row.id, row.version ?? 1, onLeave, (error) => notify({ kind: 'error', text: errorToMessage(error, t) }))
  const day = dateFormat(language, { dateStyle: 'medium' })
  const deleted = row.deleted_at ? new Date(row.deleted_at) : null
  const purgeOn = deleted ? new Date(deleted.getTime() + RETENTION_DAYS * 86_400_000) : null
  return (
    <article className={styles.document} aria-labelledby="invoice-heading" data-testid="invoice-document" data-document-id={row.id} data-version={row.version}>
      <header className={styles.documentHead}>
        <div className={styles.documentTitle}>
          <h2 id="invoice-heading">{t('shell:routes.invoiceDetails', { id: row.id })}</h2>
          <span className={styles.fileName}>{row.file_name}</span>
          <StatusFlags status={row.status ?? 0} />
        </div>
        <div className={styles.documentActions}>
          {mayRestore ? (
            <Button leadingVisual={UndoIcon} onClick={() => void actions.restore()} disabled={actions.busy} data-testid="restore">
              {t('actions.restore')}
            </Button>
          ) : null}
          {mayPurge ? <PurgeButton documentId={row.id} onPurge={actions.purge} disabled={actions.busy} /> : null}
        </div>
      </header>
      {/* Once each: when it was deleted (the title), when it goes for good and the rule behind it (the description). */}
      <Banner
        variant="info"
        title={t('document.deleted', { date: deleted ? day.format(deleted) : '' })}
        description={purgeOn ? `${t('actions.purgeOn', { date: day.format(purgeOn) })}. ${t('actions.retentionNote')}` : t('actions.retentionNote')}
      />
      <dl className={styles.summary}>
        <dt>{t('list.columns.date')}</dt>
        <dd>{row.invoice_date ?? '–'}</dd>
        <dt>{t('list.columns.partner')}</dt>
        <dd>{row.party_name ?? '–'}</dd>
        <dt>{t('list.columns.number')}</dt>
        <dd>{row.invoice_number ?? '–'}</dd>
        <dt>{t('list.columns.gross')}</dt>
        <dd>{row.total_gross ? `${row.total_gross} ${row.currency ?? ''}` : '–'}</dd>
      </dl>
    </article>
  )
}
