import { useId, useState, type FormEvent } from 'react'
import { Button, FormControl, TextInput } from '@primer/react'
import { useTranslation } from 'react-i18next'
import { fieldError } from './fieldError'
import styles from './AccountPreferences.module.css'

/** Props of ReauthForm. */
export interface ReauthFormProps {
  /** The change to confirm; throws the server's refusal (a wrong password is shown on the field). */
  onConfirm: (password: string) => Promise<void>
  onCancel: () => void
  testId: string
}

/** Asks for the password again before a sign-in method is removed (re-authentication). */
export function ReauthForm({ onConfirm, onCancel, testId }: ReauthFormProps) {
  const { t } = useTranslation('security')
  const { t: tAny } = useTranslation()
  const id = useId()
  const [password, setPassword] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (!password) return setError(t('errors.passwordRequired'))
    setBusy(true)
    try {
      await onConfirm(password)
    } catch (refusal) {
      setError(fieldError(refusal, tAny).message)
      setBusy(false)
    }
  }

  return (
    <form className={styles.form} onSubmit={(event) => void submit(event)} data-testid={testId} aria-labelledby={`${id}-heading`}>
      <strong id={`${id}-heading`}>{t('reauth.heading')}</strong>
      <span className={styles.muted}>{t('reauth.hint')}</span>
      <FormControl>
        <FormControl.Label>{t('reauth.password')}</FormControl.Label>
        <TextInput type="password" autoComplete="current-password" autoFocus value={password} onChange={(event) => setPassword(event.target.value)} name="reauth-password" />
        {error && <FormControl.Validation variant="error">{error}</FormControl.Validation>}
      </FormControl>
      <div className={styles.actions}>
        <Button type="submit" variant="danger" disabled={busy}>
          {t('reauth.confirm')}
        </Button>
        <Button type="button" onClick={onCancel}>
          {t('totp.cancel')}
        </Button>
      </div>
    </form>
  )
}
