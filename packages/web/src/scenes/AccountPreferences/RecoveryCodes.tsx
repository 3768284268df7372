import { useState } from 'react'
import { Button } from '@primer/react'
import { useTranslation } from 'react-i18next'
import styles from './AccountPreferences.module.css'

/** The ten recovery codes, shown once: copy them, then confirm they are saved. */
export function RecoveryCodes({ codes, onDone }: { codes: readonly string[]; onDone: () => void }) {
  const { t } = useTranslation('security')
  const [copied, setCopied] = useState(false)
  return (
    <div data-testid="recovery-codes" role="region" aria-label={t('recovery.heading')}>
      <strong>{t('recovery.heading')}</strong>
      <p className={styles.muted}>{t('recovery.hint')}</p>
      <ol className={styles.codes}>
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ol>
      <div className={styles.actions}>
        <Button
          onClick={() => {
            void navigator.clipboard?.writeText(codes.join('\n')).then(() => setCopied(true))
          }}
        >
          {copied ? t('recovery.copied') : t('recovery.copy')}
        </Button>
        <Button variant="primary" onClick={onDone} autoFocus>
          {t('recovery.done')}
        </Button>
      </div>
    </div>
  )
}
