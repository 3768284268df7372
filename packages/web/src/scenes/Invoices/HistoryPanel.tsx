import { dateFormat } from '@portal/sdk/i18n'
import { useTranslation } from 'react-i18next'
import { DOCUMENT_TYPES, documentTypeLabelKey, type DocumentType } from '@portal/sdk/domain'
import { errorToMessage } from '@portal/sdk/errors'
import { formatSource, formatValue } from '../SingleDocument/formatValue'
import { useDocumentHistory } from '../../hooks/useDocumentHistory'
import { useSession } from '../../hooks/useSession'
import styles from './Invoices.module.css'

/** Props of HistoryPanel. */
export interface HistoryPanelProps {
  documentId: number
  /** The name of a field in the user's language. */
  fieldName: (field: string) => string
}

/**
 * Every recorded change of a document, newest first: who, when, what (field old → new, dates and amounts by the
 * locale; a move between views by the views' names) and where the new value came from, in words.
 */
export function HistoryPanel({ documentId, fieldName }: HistoryPanelProps) {
  const { t } = useTranslation('invoices')
  const { t: tDocuments } = useTranslation('documents')
  const { client, language } = useSession()
  const state = useDocumentHistory(client, documentId, true)
  const when = dateFormat(language, { dateStyle: 'medium', timeStyle: 'short' })
  // A whole-document entry (confirm) names the views it left and entered: by their names, not their codes.
  const viewName = (value: string | null) =>
    value === null ? '' : (DOCUMENT_TYPES as readonly string[]).includes(value) ? t(documentTypeLabelKey(value as DocumentType)) : value
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
                  from: entry.old_value === null ? t('history.emptyValue') : formatValue(entry.field, entry.old_value, tDocuments, language),
                  to: entry.new_value === null ? t('history.emptyValue') : formatValue(entry.field, entry.new_value, tDocuments, language),
                })}
              </>
            ) : entry.old_value || entry.new_value ? (
              <> ({`${viewName(entry.old_value)} → ${viewName(entry.new_value)}`})</>
            ) : null}
          </span>
          <span className={styles.historyWho}>
            {t('history.by', { who: entry.user_name ?? t('documents:history.machine'), when: when.format(new Date(entry.at)) })}
            {entry.source !== null ? ` · ${t('history.source', { source: formatSource({ source: entry.source, by: entry.user_name ?? undefined }, tDocuments) })}` : ''}
          </span>
        </li>
      ))}
    </ol>
  )
}
