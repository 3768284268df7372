import { Link as RouterLink } from 'react-router-dom'
import { useTranslation } from 'react-i18next'
import { buildPath, type RouteDef } from '@portal/sdk/state'
import { useCompany } from '../../hooks/useCompany'
import { useSession } from '../../hooks/useSession'
import { PageFrame } from '../PageFrame/PageFrame'
import styles from './ForeignCompany.module.css'

/** Props of ForeignCompany. */
export interface ForeignCompanyProps {
  /** The route the link asked for; the way out opens the same screen for the user's own company. */
  def: RouteDef
}

/**
 * A link to a company that is not the user's (another company's, or a stale one): one message instead of the screen's
 * refusals, and the same screen for the user's own company (their favourite, else their first), or the start page.
 */
export function ForeignCompany({ def }: ForeignCompanyProps) {
  const { t } = useTranslation('shell')
  const { user } = useSession()
  const { client, companies } = useCompany()
  const own = user.klienten_array.includes(user.favClient ?? 0) ? user.favClient : user.klienten_array[0]
  const company = companies.find((entry) => entry.company_no === own)
  const name = company ? `${company.company_name} (${company.company_no})` : String(own ?? '')
  return (
    <PageFrame title={t('pages.foreignTitle', { company: client })} testId="foreign-company">
      <p>{own ? t('pages.foreignText') : t('pages.foreignTextNone')}</p>
      <RouterLink className={styles.way} to={own ? buildPath(def.path, { client: own }) : '/'}>
        {own ? t('pages.foreignGoTo', { company: name }) : t('pages.backToStart')}
      </RouterLink>
    </PageFrame>
  )
}
