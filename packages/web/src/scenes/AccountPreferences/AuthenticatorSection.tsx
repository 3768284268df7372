import { useState, type FormEvent } from 'react'
import { Button, FormControl, TextInput } from '@primer/react'
import { useTranslation } from 'react-i18next'
import type { AccountSecurityResult } from '@portal/sdk/services'
import { useSnackbar } from '../../hooks/useSnackbar'
import { fieldError } from './fieldError'
import { ConfirmForm } from './ConfirmForm'
import { RecoveryCodes } from './RecoveryCodes'
import type { SecuritySectionProps } from './useAccountSecurity'
import styles from './AccountPreferences.module.css'

type Setup = NonNullable<AccountSecurityResult['totpSetup']>
type Mode = { kind: 'idle' } | { kind: 'setup'; setup: Setup } | { kind: 'codes'; codes: string[] } | { kind: 'confirm'; action: 'totpRemove' | 'recoveryCodes' }

/**
 * The authenticator app: set up (QR and key, confirmed with a code), recovery codes shown once, removal after a
 * question. Each change may first ask for the step-up (useAccountSecurity's dialog).
 */
export function AuthenticatorSection({ state, run }: SecuritySectionProps) {
  const { t } = useTranslation('security')
  const { t: tAny } = useTranslation()
  const { notify, notifyError } = useSnackbar()
  const [mode, setMode] = useState<Mode>({ kind: 'idle' })
  const [code, setCode] = useState('')
  const [error, setError] = useState<string | null>(null)

  const begin = async () => {
    try {
      const result = await run({ action: 'totpBegin' })
      setCode('')
      setError(null)
      if (result.totpSetup) setMode({ kind: 'setup', setup: result.totpSetup })
    } catch (refusal) {
      notifyError(refusal)
    }
  }

  const confirm = async (event: FormEvent) => {
    event.preventDefault()
    if (!/^\d{6}$/.test(code.trim())) return setError(t('errors.invalidCode'))
    try {
      const result = await run({ action: 'totpConfirm', code: code.trim() })
      setMode({ kind: 'codes', codes: result.recoveryCodes ?? [] })
    } catch (refusal) {
      setError(fieldError(refusal, tAny).message)
    }
  }

  const confirmed = async (action: 'totpRemove' | 'recoveryCodes') => {
    const result = await run({ action })
    if (action === 'recoveryCodes') return setMode({ kind: 'codes', codes: result.recoveryCodes ?? [] })
    setMode({ kind: 'idle' })
    notify({ kind: 'success', text: t('totp.removed') })
  }

  return (
    <section className={styles.section} aria-labelledby="security-totp" data-testid="security-totp">
      <h2 id="security-totp">{t('totp.heading')}</h2>
      <p data-testid="totp-status">
        {state.totp.enabled ? t('totp.on') : t('totp.off')}
        {state.totp.enabled && <span className={styles.muted}> · {t('totp.recoveryLeft', { count: state.totp.recoveryCodesLeft })}</span>}
      </p>
      {mode.kind === 'idle' && (
        <div className={styles.actions}>
          {!state.totp.enabled && (
            <Button variant="primary" onClick={() => void begin()} disabled={state.external}>
              {t('totp.setUp')}
            </Button>
          )}
          {state.totp.enabled && (
            <>
              <Button onClick={() => setMode({ kind: 'confirm', action: 'recoveryCodes' })}>{t('totp.newRecoveryCodes')}</Button>
              <Button variant="danger" onClick={() => setMode({ kind: 'confirm', action: 'totpRemove' })}>
                {t('totp.remove')}
              </Button>
            </>
          )}
        </div>
      )}
      {mode.kind === 'setup' && (
        <form className={styles.form} onSubmit={(event) => void confirm(event)} data-testid="totp-setup">
          <span>{t('totp.scan')}</span>
          {/* The server's QR encoder makes this SVG from the otpauth URI; it carries no script. */}
          <div className={styles.qr} role="img" aria-label={mode.setup.uri} dangerouslySetInnerHTML={{ __html: mode.setup.qrSvg }} />
          <span className={styles.muted}>{t('totp.manual')}</span>
          <code className={styles.key} data-testid="totp-secret">
            {mode.setup.secret}
          </code>
          <FormControl>
            <FormControl.Label>{t('totp.code')}</FormControl.Label>
            <TextInput name="totp-code" inputMode="numeric" autoComplete="one-time-code" autoFocus maxLength={6} value={code} onChange={(event) => setCode(event.target.value)} />
            {error && <FormControl.Validation variant="error">{error}</FormControl.Validation>}
          </FormControl>
          <div className={styles.actions}>
            <Button type="submit" variant="primary">
              {t('totp.confirm')}
            </Button>
            <Button type="button" onClick={() => setMode({ kind: 'idle' })}>
              {t('totp.cancel')}
            </Button>
          </div>
        </form>
      )}
      {mode.kind === 'codes' && <RecoveryCodes codes={mode.codes} onDone={() => setMode({ kind: 'idle' })} />}
      {mode.kind === 'confirm' && (
        <ConfirmForm testId="totp-confirm" question={t(`confirm.${mode.action}`)} onConfirm={() => confirmed(mode.action)} onCancel={() => setMode({ kind: 'idle' })} />
      )}
    </section>
  )
}
