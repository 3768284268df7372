import { useState, type FormEvent } from 'react'
import { Button, FormControl, Link, TextInput } from '@primer/react'
import { useTranslation } from 'react-i18next'
import { validateNewPassword } from '@portal/sdk/domain'
import type { AccountSecurityData, AccountSecurityResult } from '@portal/sdk/services'
import { useSession } from '../../hooks/useSession'
import { useSnackbar } from '../../hooks/useSnackbar'
import { fieldError } from './fieldError'
import styles from './AccountPreferences.module.css'

type Field = 'currentPassword' | 'newPassword' | 'repeat'
const EMPTY: Record<Field, string> = { currentPassword: '', newPassword: '', repeat: '' }

/** The password change on the embedded provider; with an external one, a link to its account page. */
export function PasswordSection({ run }: { run: (data: AccountSecurityData) => Promise<AccountSecurityResult> }) {
  const { t } = useTranslation('security')
  const { t: tAny } = useTranslation()
  const { config } = useSession()
  const { notify } = useSnackbar()
  const [values, setValues] = useState(EMPTY)
  const [problem, setProblem] = useState<{ field: Field; message: string } | null>(null)
  const [busy, setBusy] = useState(false)

  if (config.externalIssuer) {
    return (
      <section className={styles.section} aria-labelledby="security-password" data-testid="security-password">
        <h2 id="security-password">{t('password.heading')}</h2>
        <p>{t('password.external')}</p>
        <Link href={`${config.externalIssuer}/account`} target="_blank" rel="noreferrer">
          {t('password.externalLink')}
        </Link>
      </section>
    )
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (!values.currentPassword) return setProblem({ field: 'currentPassword', message: t('errors.passwordRequired') })
    const local = validateNewPassword(values.newPassword, values.repeat)
    if (local) return setProblem({ field: local.key === 'validation:passwordsMatch' ? 'repeat' : 'newPassword', message: tAny(local.key, local.params) })
    setBusy(true)
    try {
      await run({ action: 'passwordChange', ...values })
      setValues(EMPTY)
      setProblem(null)
      notify({ kind: 'success', text: t('password.changed') })
    } catch (refusal) {
      const { field, message } = fieldError(refusal, tAny)
      setProblem({ field: field === 'newPassword' || field === 'repeat' ? field : 'currentPassword', message })
    } finally {
      setBusy(false)
    }
  }

  const input = (field: Field, label: string, autoComplete: string) => (
    <FormControl>
      <FormControl.Label>{label}</FormControl.Label>
      <TextInput
        type="password"
        name={field}
        autoComplete={autoComplete}
        value={values[field]}
        onChange={(event) => setValues({ ...values, [field]: event.target.value })}
        validationStatus={problem?.field === field ? 'error' : undefined}
      />
      {problem?.field === field && <FormControl.Validation variant="error">{problem.message}</FormControl.Validation>}
    </FormControl>
  )

  return (
    <section className={styles.section} aria-labelledby="security-password" data-testid="security-password">
      <h2 id="security-password">{t('password.heading')}</h2>
      <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate>
        {input('currentPassword', t('password.current'), 'current-password')}
        {input('newPassword', t('password.new'), 'new-password')}
        {input('repeat', t('password.repeat'), 'new-password')}
        <div className={styles.actions}>
          <Button type="submit" variant="primary" disabled={busy}>
            {t('password.submit')}
          </Button>
        </div>
      </form>
    </section>
  )
}
