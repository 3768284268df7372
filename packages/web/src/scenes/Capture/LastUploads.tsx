import { Link as RouterLink } from 'react-router-dom'
import { Link } from '@primer/react'
import { useTranslation } from 'react-i18next'
import { formatDate } from '@portal/sdk/i18n'
import { Loading } from '../../components/Loading/Loading'
import { useDocuments } from '../../hooks/useDocuments'
import { useSession } from '../../hooks/useSession'
import { useSnackbar } from '../../hooks/useSnackbar'
import { documentStatus } from '../Documents/documentStatus'
import styles from './Capture.module.css'

/** How many of the company's newest documents the landing shows. */
export const LAST_UPLOADS = 5

/** The company's newest documents with their state (processing, ready, needs attention, failed), live. */
export function LastUploads({ companyNo, documentHref }: { companyNo: number; documentHref: (id: number) => string }) {
  const { t } = useTranslation('documents')
  const { client, language } = useSession()
  const { notifyError } = useSnackbar()
  const { documents, loading } = useDocuments(client, companyNo, notifyError)
  return (
    <section className={styles.section} aria-labelledby="capture-last-heading">
      <h2 id="capture-last-heading" className={styles.heading}>
        {t('capture.lastUploads')}
      </h2>
      {loading ? (
        <Loading label={t('capture.loading')} />
      ) : documents.length === 0 ? (
        <p className={styles.muted}>{t('capture.noUploads')}</p>
      ) : (
        <ul className={styles.list} data-testid="capture-last-uploads">
          {documents.slice(0, LAST_UPLOADS).map((document) => {
            const status = documentStatus(document)
            return (
              <li key={document.id} className={styles.item} data-testid="last-upload" data-status={status} data-file={document.file_name}>
                <Link as={RouterLink} to={documentHref(document.id)} className={styles.fileName}>
                  {document.file_name}
                </Link>
                <span className={styles.muted}>{formatDate(document.created_at, language)}</span>
                <span className={styles.state} data-kind={status}>
                  {t(`screen.list.status.${status}`)}
                </span>
              </li>
            )
          })}
        </ul>
      )}
    </section>
  )
}
