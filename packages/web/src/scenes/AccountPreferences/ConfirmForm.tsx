import { useId, useState } from 'react'
import { Button } from '@primer/react'
import { useTranslation } from 'react-i18next'
import { fieldError } from './fieldError'
import styles from './AccountPreferences.module.css'

/** Props of ConfirmForm. */
export interface ConfirmFormProps {
  /** What is about to happen, as a question. */
  question: string
  /** The change; throws the server's refusal (shown below the question). A step-up it needs opens its dialog. */
  onConfirm: () => Promise<void>
  onCancel: () => void
  testId: string
}

/** Asks before a sign-in method is removed or replaced: the question, confirm (focused) or cancel. */
export function ConfirmForm({ question, onConfirm, onCancel, testId }: ConfirmFormProps) {
  const { t } = useTranslation('security')
  const { t: tAny } = useTranslation()
  const id = useId()
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  const confirm = async () => {
    setBusy(true)
    try {
      await onConfirm()
    } catch (refusal) {
      setError(fieldError(refusal, tAny).message)
      setBusy(false)
    }
  }

  return (
    <div className={styles.form} role="group" data-testid={testId} aria-labelledby={`${id}-question`}>
      <strong id={`${id}-question`}>{question}</strong>
      {error && (
        <p role="alert" className={styles.error}>
          {error}
        </p>
      )}
      <div className={styles.actions}>
        <Button variant="danger" autoFocus disabled={busy} onClick={() => void confirm()}>
          {t('confirm.yes')}
        </Button>
        <Button type="button" onClick={onCancel}>
          {t('totp.cancel')}
        </Button>
      </div>
    </div>
  )
}
