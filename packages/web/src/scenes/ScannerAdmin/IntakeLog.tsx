import { dateFormat } from '@portal/sdk/i18n'
import { useTranslation } from 'react-i18next'
import type { IntakeAttachment, IntakeLogEntry } from '@portal/sdk/services'
import styles from './ScannerAdmin.module.css'

/** Props of IntakeLog. */
export interface IntakeLogProps {
  entries: readonly IntakeLogEntry[]
}

/** The recent mail of a company: when, from whom, subject, each attachment's fate and the outcome with its reason. */
export function IntakeLog({ entries }: IntakeLogProps) {
  const { t, i18n } = useTranslation('scanners')
  const { t: tAny } = useTranslation()
  const format = dateFormat(i18n.language, { dateStyle: 'short', timeStyle: 'short' })
  if (entries.length === 0) return <p className={styles.muted}>{t('intake.logEmpty')}</p>
  const attachment = (file: IntakeAttachment) => {
    const fate = t(`intake.attachment.${file.status}`, { id: file.documentId ?? '' })
    const why = file.status === 'refused' && file.error ? `: ${tAny(file.error.key, file.error.params)}` : ''
    return `${file.name} (${fate}${why})`
  }
  return (
    <table className={styles.table} data-testid="intake-log">
      <thead>
        <tr>
          <th scope="col">{t('intake.logColumns.at')}</th>
          <th scope="col">{t('intake.logColumns.sender')}</th>
          <th scope="col">{t('intake.logColumns.subject')}</th>
          <th scope="col">{t('intake.logColumns.attachments')}</th>
          <th scope="col">{t('intake.logColumns.result')}</th>
        </tr>
      </thead>
      <tbody>
        {entries.map((entry) => (
          <tr key={entry.id} data-testid="intake-log-entry" data-result={entry.result}>
            <td>{format.format(new Date(entry.at))}</td>
            <td>{entry.sender}</td>
            <td>{entry.subject}</td>
            <td>
              <ul className={styles.plainList}>
                {entry.attachments.map((file, index) => (
                  <li key={index}>{attachment(file)}</li>
                ))}
              </ul>
            </td>
            <td>
              {t(`intake.result.${entry.result}`)}
              {entry.reason ? <div className={styles.muted}>{tAny(entry.reason.key, entry.reason.params)}</div> : null}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}
