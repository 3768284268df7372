import { useTranslation } from 'react-i18next'
import styles from './DocumentEditor.module.css'

const KEYS = ['move', 'select', 'moveKeys', 'cut', 'rotate', 'rename', 'undo', 'complete', 'drag'] as const

/** The editor's keyboard shortcuts, always on screen. */
export function KeyHelp() {
  const { t } = useTranslation('editor')
  return (
    <section className={styles.keys} aria-labelledby="editor-keys-heading" data-testid="editor-keys">
      <h3 id="editor-keys-heading" className={styles.heading}>
        {t('keys.heading')}
      </h3>
      <ul>
        {KEYS.map((key) => (
          <li key={key}>{t(`keys.${key}`)}</li>
        ))}
      </ul>
    </section>
  )
}
