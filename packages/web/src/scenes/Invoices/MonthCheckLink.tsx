import { Link as RouterLink } from 'react-router-dom'
import { ChecklistIcon } from '@primer/octicons-react'
import { useTranslation } from 'react-i18next'
import { buildPath, routeByName } from '@portal/sdk/state'
import { useCan } from '../../hooks/useCan'
import styles from './Invoices.module.css'

/** The way from Accounting to the company's month check (everyone holding the company: the client releases months there). */
export function MonthCheckLink({ companyNo }: { companyNo: number }) {
  const { t } = useTranslation('shell')
  const may = useCan('month-checks', 'find', { companyNo })
  if (!may || companyNo <= 0) return null
  return (
    <RouterLink to={buildPath(routeByName('month-check').path, { client: companyNo })} className={styles.accountsLink} data-testid="open-month-check">
      <ChecklistIcon size={16} />
      {t('routes.month-check')}
    </RouterLink>
  )
}
