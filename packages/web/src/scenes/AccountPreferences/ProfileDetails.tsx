import { useTranslation } from 'react-i18next'
import type { AccountProfile } from '@portal/sdk/services'

/** The rest of the user's own data the firm keeps (read-only): phone, firm and the client companies they may see. */
export function ProfileDetails({ profile }: { profile: AccountProfile }) {
  const { t } = useTranslation('security')
  const none = t('personal.none')
  return (
    <>
      <dt>{t('personal.phone')}</dt>
      <dd data-testid="account-phone">{profile.phone ?? none}</dd>
      <dt>{t('personal.firm')}</dt>
      <dd data-testid="account-firm">{profile.firm ?? none}</dd>
      <dt>{t('personal.clients')}</dt>
      <dd data-testid="account-clients">
        {profile.clients.length > 0 ? profile.clients.map((client) => `${client.companyNo} ${client.name}`).join(', ') : none}
      </dd>
    </>
  )
}
