import { Link as RouterLink, useParams } from 'react-router-dom'
import { UnderlineNav } from '@primer/react'
import { useTranslation } from 'react-i18next'
import { buildPath, routeByName } from '@portal/sdk/state'
import { PageFrame } from '../../components/PageFrame/PageFrame'
import { useCan } from '../../hooks/useCan'
import { useCompany } from '../../hooks/useCompany'
import { AccountsPanel } from './AccountsPanel'
import { TaxCodeTable } from './TaxCodeTable'
import styles from './Accounts.module.css'

/** The tabs of the screen, as the `tab` route parameter names them. */
const TABS = ['accounts', 'tax-codes'] as const
type Tab = (typeof TABS)[number]

/**
 * Suppliers and customers (`/accounts/{client}/{tab?}`, opened from the Accounting screen): the company's accounts
 * for acc, and the firm's tax code table for adm as a second tab. The tab is in the URL, so a link lands on it.
 */
export function AccountsScene() {
  const { t } = useTranslation('accounts')
  const params = useParams()
  const { client: companyNo, companies } = useCompany()
  const company = companies.find((entry) => entry.company_no === companyNo)
  const showAccounts = useCan('acc-suppliers', 'create', companyNo > 0 ? { companyNo } : undefined) || companyNo <= 0
  const showTaxCodes = useCan('tax-codes', 'patch')
  const visible = TABS.filter((tab) => (tab === 'accounts' ? showAccounts : showTaxCodes))
  const requested = (TABS as readonly string[]).includes(params.tab ?? '') ? (params.tab as Tab) : 'accounts'
  const tab: Tab = visible.includes(requested) ? requested : (visible[0] ?? 'accounts')
  const hrefOf = (target: Tab) => buildPath(routeByName('accounts').path, { client: companyNo, tab: target === 'accounts' ? undefined : target })
  return (
    <PageFrame title={t('title')} testId="scene-accounts">
      {visible.length > 1 ? (
        <UnderlineNav aria-label={t('tabs.label')} className={styles.tabs}>
          {visible.map((entry) => (
            <UnderlineNav.Item key={entry} as={RouterLink} to={hrefOf(entry)} aria-current={entry === tab ? 'page' : undefined} data-testid={`tab-${entry}`}>
              {t(entry === 'accounts' ? 'tabs.accounts' : 'tabs.taxCodes')}
            </UnderlineNav.Item>
          ))}
        </UnderlineNav>
      ) : null}
      {tab === 'tax-codes' ? <TaxCodeTable /> : company ? <AccountsPanel key={company.company_no} company={company} /> : <p className={styles.muted}>{t('noCompany')}</p>}
    </PageFrame>
  )
}
