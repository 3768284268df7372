import { dateFormat } from '@portal/sdk/i18n'
import { Fragment, useState } from 'react'
import { Button, ConfirmationDialog, Label } from '@primer/react'
import { CheckIcon, DownloadIcon, ListUnorderedIcon, XCircleIcon } from '@primer/octicons-react'
import { useTranslation } from 'react-i18next'
import type { ErpBatchStatus } from '@portal/sdk/domain'
import type { ErpExportBatch } from '@portal/sdk/services'
import { erpBatchActions } from '@portal/sdk/state'
import { BatchItems } from './BatchItems'
import styles from './ErpExport.module.css'

/** Label colour of a batch status. */
const STATUS_VARIANT: Record<ErpBatchStatus, 'accent' | 'success' | 'secondary'> = {
  exported: 'accent',
  imported: 'success',
  revoked: 'secondary',
}

/** Props of BatchTable. */
export interface BatchTableProps {
  batches: readonly ErpExportBatch[]
  companyNo: number
  caption: string
  /** The user may mark a batch imported (exp). */
  mayMark: boolean
  /** The user may revoke a batch (acc or exp). */
  mayRevoke: boolean
  onDownload: (batch: ErpExportBatch) => void
  onRevoke: (batch: ErpExportBatch) => void
  onMarkImported: (batch: ErpExportBatch) => void
  busyId: number | null
}

/**
 * The company's export batches, newest first: format, range, status, what is in it, what the ERP answered, who
 * exported (and marked or revoked) it and when; per batch: download the ZIP again, show its documents, mark imported
 * (exp), revoke (after a confirmation, since the ERP must then not import it).
 */
export function BatchTable({ batches, companyNo, caption, mayMark, mayRevoke, onDownload, onRevoke, onMarkImported, busyId }: BatchTableProps) {
  const { t, i18n } = useTranslation('erpScreen')
  const [open, setOpen] = useState<number | null>(null)
  const [asking, setAsking] = useState<ErpExportBatch | null>(null)
  const when = dateFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' })
  const day = dateFormat(i18n.language, { dateStyle: 'medium', timeZone: 'UTC' })
  const dayOf = (date: string | null) => (date ? day.format(new Date(`${date}T00:00:00Z`)) : '')
  const who = (name: string | null, at: string) => t('batches.by', { name: name ?? t('batches.someone'), date: when.format(new Date(at)) })

  return (
    <div className={styles.tableWrap}>
      <table className={styles.table} data-testid="batch-table">
        <caption className={styles.caption}>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{t('batches.columns.batch')}</th>
            <th scope="col">{t('batches.columns.format')}</th>
            <th scope="col">{t('batches.columns.range')}</th>
            <th scope="col">{t('batches.columns.status')}</th>
            <th scope="col">{t('batches.columns.contents')}</th>
            <th scope="col">{t('batches.columns.results')}</th>
            <th scope="col">{t('batches.columns.created')}</th>
            <th scope="col">{t('batches.columns.actions')}</th>
          </tr>
        </thead>
        <tbody>
          {batches.map((batch) => {
            const offer = erpBatchActions(batch)
            const answered = batch.results.ok + batch.results.error + batch.results.info > 0
            const busy = busyId === batch.id
            return (
              <Fragment key={batch.id}>
                <tr className={batch.status === 'revoked' ? styles.revoked : undefined} data-testid="batch-row" data-batch-id={batch.id} data-status={batch.status}>
                  <th scope="row">{batch.id}</th>
                  <td>{t(`erp:format.${batch.format}`)}</td>
                  <td>{batch.period ? t('batches.period', { period: batch.period }) : t('batches.dates', { from: dayOf(batch.date_from), to: dayOf(batch.date_to) })}</td>
                  <td>
                    <Label variant={STATUS_VARIANT[batch.status]} data-testid="batch-status">
                      {t(`erp:status.${batch.status}`)}
                    </Label>
                  </td>
                  <td>{t('batches.contents', { documents: batch.documents, lines: batch.lines })}</td>
                  <td data-testid="batch-results">{answered ? t('batches.results', batch.results) : <span className={styles.muted}>{t('batches.noResults')}</span>}</td>
                  <td>
                    {who(batch.created_by_name, batch.created_at)}
                    {batch.imported_at ? <span className={styles.small}>{t('batches.importedBy', { name: batch.imported_by_name ?? t('batches.someone'), date: when.format(new Date(batch.imported_at)) })}</span> : null}
                    {batch.revoked_at ? <span className={styles.small}>{t('batches.revokedBy', { name: batch.revoked_by_name ?? t('batches.someone'), date: when.format(new Date(batch.revoked_at)) })}</span> : null}
                  </td>
                  <td>
                    <div className={styles.actions}>
                      <Button
                        size="small"
                        leadingVisual={DownloadIcon}
                        aria-label={t('actions.downloadNamed', { id: batch.id })}
                        onClick={() => onDownload(batch)}
                        data-testid="batch-download"
                      >
                        {t('actions.download')}
                      </Button>
                      <Button
                        size="small"
                        leadingVisual={ListUnorderedIcon}
                        aria-expanded={open === batch.id}
                        aria-controls={`batch-items-${batch.id}`}
                        aria-label={t('actions.detailsNamed', { id: batch.id })}
                        onClick={() => setOpen((current) => (current === batch.id ? null : batch.id))}
                        data-testid="batch-details"
                      >
                        {t('actions.details')}
                      </Button>
                      {mayMark && offer.markImported ? (
                        <Button size="small" leadingVisual={CheckIcon} aria-label={t('actions.markImportedNamed', { id: batch.id })} onClick={() => onMarkImported(batch)} disabled={busy} data-testid="batch-mark">
                          {t('actions.markImported')}
                        </Button>
                      ) : null}
                      {mayRevoke && offer.revoke ? (
                        <Button size="small" variant="danger" leadingVisual={XCircleIcon} aria-label={t('actions.revokeNamed', { id: batch.id })} onClick={() => setAsking(batch)} disabled={busy} data-testid="batch-revoke">
                          {t('actions.revoke')}
                        </Button>
                      ) : null}
                    </div>
                  </td>
                </tr>
                {open === batch.id ? (
                  <tr className={styles.details} id={`batch-items-${batch.id}`}>
                    <td colSpan={8}>
                      <BatchItems batchId={batch.id} companyNo={companyNo} stamp={`${batch.status}/${batch.results.ok}/${batch.results.error}/${batch.results.info}`} />
                    </td>
                  </tr>
                ) : null}
              </Fragment>
            )
          })}
        </tbody>
      </table>
      {asking ? (
        <ConfirmationDialog
          title={t('revoke.title', { id: asking.id })}
          onClose={(gesture) => {
            const batch = asking
            setAsking(null)
            if (gesture === 'confirm') onRevoke(batch)
          }}
          confirmButtonContent={t('revoke.confirm')}
          cancelButtonContent={t('revoke.cancel')}
          confirmButtonType="danger"
        >
          {t('revoke.text', { documents: asking.documents })}
        </ConfirmationDialog>
      ) : null}
    </div>
  )
}
