import { useRef, useState, type FormEvent } from 'react'
import { Button, Dialog } from '@primer/react'
import { useTranslation } from 'react-i18next'
import { browserSupportsWebAuthn, startAuthentication, type AuthenticationResponseJSON, type PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser'
import { STEP_UP_SECONDS, type AccountSecurityState } from '@portal/sdk/services'
import { fieldError } from './fieldError'
import { SecurityField } from './SecurityField'
import type { StepUpRequest } from './useAccountSecurity'
import styles from './AccountPreferences.module.css'

type Field = 'password' | 'code'

/** Props of StepUpDialog. */
export interface StepUpDialogProps {
  state: AccountSecurityState
  request: StepUpRequest
}

/**
 * The step-up (issue 30): before a change of the sign-in methods, the password and — when the account has one — a
 * code from the authenticator app, a recovery code or a passkey. Enter confirms, Escape cancels; a refusal is shown
 * at the field it names. The proof holds for STEP_UP_SECONDS in this session, then the change goes on.
 */
export function StepUpDialog({ state, request }: StepUpDialogProps) {
  const { t } = useTranslation('security')
  const { t: tAny } = useTranslation()
  const passwordRef = useRef<HTMLInputElement>(null)
  const [values, setValues] = useState<Record<Field, string>>({ password: '', code: '' })
  const [problem, setProblem] = useState<{ field: Field | undefined; message: string } | null>(null)
  const [busy, setBusy] = useState(false)
  const hasFactor = state.totp.enabled || state.passkeys.length > 0
  const passkeys = state.passkeys.length > 0 && browserSupportsWebAuthn()
  const minutes = Math.round(STEP_UP_SECONDS / 60)

  /** Sends the proof; a refusal lands on the field it names (the passkey's on the code field, where the choice is). */
  const prove = async (proof: { code?: string; assertion?: AuthenticationResponseJSON }) => {
    setBusy(true)
    try {
      await request.send({ action: 'stepUp', password: values.password, ...proof })
      request.proved()
    } catch (refusal) {
      const { field, message } = fieldError(refusal, tAny)
      setProblem({ field: field === 'password' ? 'password' : field === 'code' || field === 'assertion' ? 'code' : undefined, message })
      setBusy(false)
    }
  }

  const needPassword = () => {
    if (values.password) return false
    setProblem({ field: 'password', message: t('errors.passwordRequired') })
    passwordRef.current?.focus()
    return true
  }

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (busy || needPassword()) return
    if (hasFactor && !values.code.trim()) return setProblem({ field: 'code', message: t('errors.secondFactorRequired') })
    void prove(hasFactor ? { code: values.code.trim() } : {})
  }

  const withPasskey = async () => {
    if (busy || needPassword()) return
    setBusy(true)
    let assertion: AuthenticationResponseJSON
    try {
      const begun = await request.send({ action: 'stepUpBegin' })
      assertion = await startAuthentication({ optionsJSON: begun.authentication as unknown as PublicKeyCredentialRequestOptionsJSON })
    } catch (refusal) {
      setProblem({ field: 'code', message: refusal instanceof Error && refusal.name === 'NotAllowedError' ? t('stepUp.passkeyCancelled') : fieldError(refusal, tAny).message })
      setBusy(false)
      return
    }
    await prove({ assertion })
  }

  const fieldProps = (field: Field) => ({
    name: `step-up-${field}`,
    value: values[field],
    onValue: (value: string) => setValues({ ...values, [field]: value }),
    error: problem?.field === field ? problem.message : undefined,
  })

  return (
    <Dialog title={t('stepUp.heading')} onClose={request.cancel} initialFocusRef={passwordRef}>
      <form className={styles.form} onSubmit={submit} noValidate data-testid="step-up-dialog">
        <span className={styles.muted}>{hasFactor ? t('stepUp.hintFactor', { minutes }) : t('stepUp.hint', { minutes })}</span>
        {problem && !problem.field && (
          <p role="alert" className={styles.error}>
            {problem.message}
          </p>
        )}
        <SecurityField {...fieldProps('password')} label={t('stepUp.password')} type="password" autoComplete="current-password" inputRef={passwordRef} />
        {hasFactor && <SecurityField {...fieldProps('code')} label={t('stepUp.code')} autoComplete="one-time-code" spellCheck={false} maxLength={32} />}
        <div className={styles.actions}>
          <Button type="submit" variant="primary" disabled={busy}>
            {t('stepUp.confirm')}
          </Button>
          {passkeys && (
            <Button type="button" onClick={() => void withPasskey()} disabled={busy}>
              {t('stepUp.usePasskey')}
            </Button>
          )}
          <Button type="button" onClick={request.cancel}>
            {t('totp.cancel')}
          </Button>
        </div>
      </form>
    </Dialog>
  )
}
