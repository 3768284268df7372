import { Link as RouterLink } from 'react-router-dom'
import { Button, Link } from '@primer/react'
import { useTranslation } from 'react-i18next'
import { errorToMessage } from '@portal/sdk/errors'
import { holdsFile, type CaptureEntry } from '@portal/sdk/state'
import { useOnline } from '../../hooks/useOnline'
import styles from './Capture.module.css'

/** Props of CaptureQueueList. */
export interface CaptureQueueListProps {
  entries: readonly CaptureEntry[]
  documentHref: (id: number) => string
  onClearFinished: () => void
}

/** The captures on this device with their state (waiting, waiting for a connection, sending, sent, already there, refused). */
export function CaptureQueueList({ entries, documentHref, onClearFinished }: CaptureQueueListProps) {
  const { t } = useTranslation('documents')
  const online = useOnline()
  if (entries.length === 0) return null
  return (
    <section className={styles.section} aria-labelledby="capture-queue-heading">
      <div className={styles.sectionHeader}>
        <h2 id="capture-queue-heading" className={styles.heading}>
          {t('capture.queueHeading')}
        </h2>
        {entries.some((entry) => !holdsFile(entry.state)) ? (
          <Button size="small" variant="invisible" onClick={onClearFinished}>
            {t('screen.upload.clear')}
          </Button>
        ) : null}
      </div>
      <ul className={styles.list} aria-live="polite" data-testid="capture-queue">
        {entries.map((entry) => {
          const state = entry.state === 'waiting' && !online ? 'offline' : entry.state
          return (
            <li key={entry.id} className={styles.item} data-testid="capture-entry" data-state={entry.state} data-file={entry.fileName}>
              <span className={styles.fileName}>{entry.fileName}</span>
              <span className={styles.muted}>{t('capture.pagesCount', { count: entry.pages })}</span>
              <span className={styles.state} data-kind={state}>
                {t(`capture.state.${state}`)}
                {entry.documentId ? (
                  <>
                    {' · '}
                    <Link inline as={RouterLink} to={documentHref(entry.documentId)}>
                      {t('screen.upload.open')}
                    </Link>
                  </>
                ) : null}
              </span>
              {entry.problem && entry.state !== 'sent' && entry.state !== 'exists' ? (
                <span className={styles.muted}>
                  {entry.state === 'refused'
                    ? errorToMessage({ data: entry.problem }, t)
                    : t('capture.retryReason', { reason: errorToMessage({ data: entry.problem }, t) })}
                </span>
              ) : null}
            </li>
          )
        })}
      </ul>
    </section>
  )
}
