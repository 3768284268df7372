import { useState, type FormEvent } from 'react'
import { Button, Link } from '@primer/react'
import { useTranslation } from 'react-i18next'
import { validateNewPassword } from '@portal/sdk/domain'
import type { AccountSecurityData, AccountSecurityResult } from '@portal/sdk/services'
import { useSession } from '../../hooks/useSession'
import { useSnackbar } from '../../hooks/useSnackbar'
import { fieldError } from './fieldError'
import { SecurityField } from './SecurityField'
import styles from './AccountPreferences.module.css'

type Field = 'newPassword' | 'repeat'
const EMPTY: Record<Field, string> = { newPassword: '', repeat: '' }

/**
 * The password change on the embedded provider (the current password is asked by the step-up dialog, with the second
 * factor); with an external one, a link to its account page.
 */
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
      setProblem({ field: field === 'repeat' ? field : 'newPassword', message })
    } finally {
      setBusy(false)
    }
  }

  const input = (field: Field, label: string) => (
    <SecurityField
      type="password"
      name={field}
      autoComplete="new-password"
      label={label}
      value={values[field]}
      onValue={(value) => setValues({ ...values, [field]: value })}
      error={problem?.field === field ? problem.message : undefined}
    />
  )

  return (
    <section className={styles.section} aria-labelledby="security-password" data-testid="security-password">
      <h2 id="security-password">{t('password.heading')}</h2>
      <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate>
        {input('newPassword', t('password.new'))}
        {input('repeat', t('password.repeat'))}
        <div className={styles.actions}>
          <Button type="submit" variant="primary" disabled={busy}>
            {t('password.submit')}
          </Button>
        </div>
      </form>
    </section>
  )
}
