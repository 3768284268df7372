import { useEffect, useState } from 'react'
import { Button, Checkbox, FormControl } from '@primer/react'
import { useTranslation } from 'react-i18next'
import { PERMISSIONS } from '@portal/sdk/domain'
import type { SecondFactorPolicy } from '@portal/sdk/services'
import { useSession } from '../../hooks/useSession'
import { useSnackbar } from '../../hooks/useSnackbar'
import styles from './AccountPreferences.module.css'

type Scope = SecondFactorPolicy['scopes'][number]

/** The firm's second-factor policy (adm, kca): everyone, or holders of chosen permissions. */
export function PolicySection() {
  const { t } = useTranslation('security')
  const { t: tDomain } = useTranslation('domain')
  const { client } = useSession()
  const { notify, notifyError } = useSnackbar()
  const [scopes, setScopes] = useState<Scope[] | null>(null)

  useEffect(() => {
    client
      .service('second-factor-policy')
      .find()
      .then((policy) => setScopes(policy.scopes))
      .catch(notifyError)
  }, [client, notifyError])

  if (!scopes) return null
  const toggle = (scope: Scope) => setScopes(scopes.includes(scope) ? scopes.filter((entry) => entry !== scope) : [...scopes, scope])
  const save = async () => {
    try {
      setScopes((await client.service('second-factor-policy').create({ scopes })).scopes)
      notify({ kind: 'success', text: t('policy.saved') })
    } catch (refusal) {
      notifyError(refusal)
    }
  }

  return (
    <section className={styles.section} aria-labelledby="security-policy" data-testid="security-policy">
      <h2 id="security-policy">{t('policy.heading')}</h2>
      <p className={styles.muted}>{t('policy.hint')}</p>
      <FormControl>
        <Checkbox checked={scopes.includes('all')} onChange={() => toggle('all')} value="all" />
        <FormControl.Label>{t('policy.all')}</FormControl.Label>
      </FormControl>
      {PERMISSIONS.map((code) => (
        <FormControl key={code} disabled={scopes.includes('all')}>
          <Checkbox checked={scopes.includes(code)} onChange={() => toggle(code)} value={code} />
          <FormControl.Label>
            {t('policy.permission', { code })} <span className={styles.muted}>({tDomain(`permission.${code}`)})</span>
          </FormControl.Label>
        </FormControl>
      ))}
      <div className={styles.actions}>
        <Button variant="primary" onClick={() => void save()}>
          {t('passkeys.save')}
        </Button>
      </div>
    </section>
  )
}
