import { useState } from 'react'
import { Link as RouterLink } from 'react-router-dom'
import { Button, Label, Link, Spinner } from '@primer/react'
import { SyncIcon } from '@primer/octicons-react'
import { useTranslation } from 'react-i18next'
import type { DocumentRecord } from '@portal/sdk/services'
import { documentStatus, formatRanges, type DocumentStatusKind } from './documentStatus'
import styles from './Documents.module.css'
import { dateFormat } from '@portal/sdk/i18n'

/** Props of DocumentsTable. */
export interface DocumentsTableProps {
  documents: readonly DocumentRecord[]
  caption: string
  language: string
  documentHref: (id: number) => string
  /** Puts a failed document through the pipeline again; without it no Retry is offered. */
  onRetry?: (record: DocumentRecord) => Promise<void>
}

const VARIANT: Record<DocumentStatusKind, 'accent' | 'success' | 'attention' | 'danger'> = {
  processing: 'accent',
  ready: 'success',
  attention: 'attention',
  failed: 'danger',
}

/** The company's documents, newest first, with their processing status and a Retry for failed ones. */
export function DocumentsTable({ documents, caption, language, documentHref, onRetry }: DocumentsTableProps) {
  const { t } = useTranslation('documents')
  const when = dateFormat(language, { dateStyle: 'medium', timeStyle: 'short' })
  return (
    <div className={styles.tableWrap}>
      <table className={`${styles.table} stack-on-phone`} data-testid="documents-table">
        <caption className={styles.caption}>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{t('screen.list.columns.file')}</th>
            <th scope="col" className={styles.number}>
              {t('screen.list.columns.pages')}
            </th>
            <th scope="col">{t('screen.list.columns.uploadedAt')}</th>
            <th scope="col">{t('screen.list.columns.status')}</th>
          </tr>
        </thead>
        <tbody>
          {documents.map((record) => (
            <tr key={record.id} data-testid="document-row" data-document-id={record.id}>
              <th scope="row" className={styles.file}>
                <Link as={RouterLink} to={documentHref(record.id)}>
                  {record.file_name}
                </Link>
              </th>
              <td className={styles.number} data-label={t('screen.list.columns.pages')}>
                {record.pages > 0 ? record.pages : '–'}
              </td>
              <td data-label={t('screen.list.columns.uploadedAt')}>
                <time dateTime={record.created_at}>{when.format(new Date(record.created_at))}</time>
              </td>
              <td data-label={t('screen.list.columns.status')}>
                <StatusCell record={record} documentHref={documentHref} onRetry={onRetry} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

function StatusCell({ record, documentHref, onRetry }: Pick<DocumentsTableProps, 'documentHref' | 'onRetry'> & { record: DocumentRecord }) {
  const { t, i18n } = useTranslation('documents')
  const [retrying, setRetrying] = useState(false)
  const kind = documentStatus(record)
  // The pipeline stores refusals as i18n keys (e.g. documents:refusal.brokenPdf); other errors as text.
  const reason = record.processing_error
    ? i18n.exists(record.processing_error)
      ? t(record.processing_error, { file: record.file_name })
      : record.processing_error
    : t('screen.list.unknownReason')
  return (
    <div className={styles.status} data-status={kind}>
      <Label variant={VARIANT[kind]}>
        {kind === 'processing' ? <Spinner size="small" srText={null} className={styles.labelSpinner} /> : null}
        {t(`screen.list.status.${kind}`)}
      </Label>
      {record.duplicate_of !== null ? (
        <span className={styles.note}>
          {t('screen.list.duplicateOf')}{' '}
          <Link inline className={styles.inlineLink} as={RouterLink} to={documentHref(record.duplicate_of)}>
            {t('screen.list.documentLink', { id: record.duplicate_of })}
          </Link>
        </span>
      ) : null}
      {record.split_suggestion && record.split_suggestion.length > 0 ? (
        <span className={styles.note}>{t('screen.list.splitSuggested', { ranges: formatRanges(record.split_suggestion) })}</span>
      ) : null}
      {kind === 'failed' ? (
        <>
          <span className={styles.reason}>{t('screen.list.failedReason', { reason })}</span>
          {onRetry ? (
            <Button
              size="small"
              leadingVisual={SyncIcon}
              aria-label={t('screen.list.retryLabel', { file: record.file_name })}
              disabled={retrying}
              onClick={() => {
                setRetrying(true)
                void onRetry(record).finally(() => setRetrying(false))
              }}
            >
              {t('screen.list.retry')}
            </Button>
          ) : null}
        </>
      ) : null}
    </div>
  )
}
