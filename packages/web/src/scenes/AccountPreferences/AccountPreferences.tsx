import { FormControl, Select } from '@primer/react'
import { useTranslation } from 'react-i18next'
import { isLanguage, LANGUAGES } from '@portal/sdk/domain'
import { PageFrame } from '../../components/PageFrame/PageFrame'
import { useSession } from '../../hooks/useSession'

const LANGUAGE_NAMES: Record<string, string> = { en: 'English', de: 'Deutsch' }

/** Account preferences: the user's own data (managed by the firm) and their language, the one thing they change. */
export function AccountPreferencesScene() {
  const { t } = useTranslation('shell')
  const { user, language, setLanguage } = useSession()
  return (
    <PageFrame title={t('routes.account-preferences')} testId="scene-account-preferences">
      <p>{t('account.managedByFirm')}</p>
      <dl>
        <dt>{t('account.email')}</dt>
        <dd data-testid="account-email">{user.email}</dd>
        <dt>{t('account.name')}</dt>
        <dd>
          {user.firstName} {user.lastName}
        </dd>
        <dt>{t('account.permissions')}</dt>
        <dd>{user.permissions_array.join(', ')}</dd>
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
    </PageFrame>
  )
}
