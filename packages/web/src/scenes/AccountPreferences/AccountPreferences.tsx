import { FormControl, Select } from '@primer/react'
import { useTranslation } from 'react-i18next'
import { isLanguage, LANGUAGES } from '@portal/sdk/domain'
import { Loading } from '../../components/Loading/Loading'
import { PageFrame } from '../../components/PageFrame/PageFrame'
import { useCan } from '../../hooks/useCan'
import { useSession } from '../../hooks/useSession'
import { useSnackbar } from '../../hooks/useSnackbar'
import { AuthenticatorSection } from './AuthenticatorSection'
import { DevicesSection } from './DevicesSection'
import { PasskeysSection } from './PasskeysSection'
import { PasswordSection } from './PasswordSection'
import { PolicySection } from './PolicySection'
import { ProfileDetails } from './ProfileDetails'
import { StepUpDialog } from './StepUpDialog'
import { useAccountSecurity } from './useAccountSecurity'
import styles from './AccountPreferences.module.css'

const LANGUAGE_NAMES: Record<string, string> = { en: 'English', de: 'Deutsch' }

/**
 * Account preferences (SPEC §2): the user's own data (managed by the firm) and their language, the one thing they
 * change there; account security (password, authenticator app, passkeys), device activity, and for adm/kca the
 * firm's second-factor policy.
 */
export function AccountPreferencesScene() {
  const { t } = useTranslation('shell')
  const { t: tSecurity } = useTranslation('security')
  const { user, language, setLanguage } = useSession()
  const { notifyError } = useSnackbar()
  const security = useAccountSecurity(notifyError)
  const maySetPolicy = useCan('second-factor-policy', 'create')
  return (
    <PageFrame title={t('routes.account-preferences')} testId="scene-account-preferences">
      <section className={styles.section} aria-labelledby="security-personal">
        <h2 id="security-personal">{tSecurity('personal.heading')}</h2>
        <p className={styles.muted}>{t('account.managedByFirm')}</p>
        <dl className={styles.details}>
          <dt>{t('account.email')}</dt>
          <dd data-testid="account-email">{user.email}</dd>
          <dt>{t('account.name')}</dt>
          <dd>
            {user.firstName} {user.lastName}
          </dd>
          <dt>{t('account.permissions')}</dt>
          <dd>{user.permissions_array.join(', ')}</dd>
          {security.state ? <ProfileDetails profile={security.state.profile} /> : null}
        </dl>
        <FormControl>
          <FormControl.Label>{t('account.language')}</FormControl.Label>
          <Select
            value={language}
            onChange={(event) => {
              const next = event.target.value
              if (isLanguage(next)) void setLanguage(next)
            }}
          >
            {LANGUAGES.map((code) => (
              <Select.Option key={code} value={code}>
                {LANGUAGE_NAMES[code]}
              </Select.Option>
            ))}
          </Select>
        </FormControl>
      </section>
      <PasswordSection run={security.run} />
      {security.state ? (
        <>
          <AuthenticatorSection state={security.state} run={security.run} />
          <PasskeysSection state={security.state} run={security.run} />
        </>
      ) : (
        <Loading label={tSecurity('title')} />
      )}
      {security.state && security.stepUp ? <StepUpDialog state={security.state} request={security.stepUp} /> : null}
      <DevicesSection />
      {maySetPolicy && <PolicySection />}
    </PageFrame>
  )
}
