import { dateFormat } from '@portal/sdk/i18n'
import { useTranslation } from 'react-i18next'
import { dataSourceName } from '@portal/sdk/domain'
import { errorToMessage } from '@portal/sdk/errors'
import { useDocumentHistory } from '../../hooks/useDocumentHistory'
import { useSession } from '../../hooks/useSession'
import styles from './Invoices.module.css'

/** Props of HistoryPanel. */
export interface HistoryPanelProps {
  documentId: number
  /** The name of a field in the user's language. */
  fieldName: (field: string) => string
}

/** Every recorded change of a document, newest first: who, when, what (field old → new) and the new value's source. */
export function HistoryPanel({ documentId, fieldName }: HistoryPanelProps) {
  const { t } = useTranslation('invoices')
  const { client, language } = useSession()
  const state = useDocumentHistory(client, documentId, true)
  const when = dateFormat(language, { dateStyle: 'medium', timeStyle: 'short' })
  if (state.kind === 'loading') return <p className={styles.muted}>{t('history.loading')}</p>
  if (state.kind === 'failed') return <p role="alert">{errorToMessage(state.error, t)}</p>
  if (state.entries.length === 0) return <p className={styles.muted}>{t('history.empty')}</p>
  return (
    <ol className={styles.history} data-testid="history">
      {state.entries.map((entry) => (
        <li key={entry.id} data-testid="history-entry" data-action={entry.action} data-field={entry.field ?? undefined}>
          <span className={styles.historyWhat}>
            {t(`documents:history.action.${entry.action}`)}
            {entry.field ? (
              <>
                {': '}
                {t('history.change', {
                  field: fieldName(entry.field),
                  from: entry.old_value ?? t('history.emptyValue'),
                  to: entry.new_value ?? t('history.emptyValue'),
                })}
              </>
            ) : entry.old_value || entry.new_value ? (
              <> ({`${entry.old_value ?? ''} → ${entry.new_value ?? ''}`})</>
            ) : null}
          </span>
          <span className={styles.historyWho}>
            {t('history.by', { who: entry.user_name ?? t('documents:history.machine'), when: when.format(new Date(entry.at)) })}
            {entry.source !== null ? ` · ${t('history.source', { source: dataSourceName(entry.source) ?? entry.source })}` : ''}
          </span>
        </li>
      ))}
    </ol>
  )
}
