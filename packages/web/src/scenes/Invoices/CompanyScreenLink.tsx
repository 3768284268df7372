import type { ComponentType } from 'react'
import { Link as RouterLink } from 'react-router-dom'
import { useTranslation } from 'react-i18next'
import { buildPath, routeByName, type RouteName } from '@portal/sdk/state'
import { useCan } from '../../hooks/useCan'
import styles from './Invoices.module.css'

/** Props of CompanyScreenLink: the screen, the service its user must be able to read, and its icon. */
export interface CompanyScreenLinkProps {
  companyNo: number
  route: RouteName
  service: string
  icon: ComponentType<{ size: number }>
  testId: string
}

/** A way from Accounting to another screen of the company (ERP export, month check), for users who may read it. */
export function CompanyScreenLink({ companyNo, route, service, icon: Icon, testId }: CompanyScreenLinkProps) {
  const { t } = useTranslation('shell')
  const may = useCan(service, 'find', { companyNo })
  if (!may || companyNo <= 0) return null
  return (
    <RouterLink to={buildPath(routeByName(route).path, { client: companyNo })} className={styles.accountsLink} data-testid={testId}>
      <Icon size={16} />
      {t(`routes.${route}`)}
    </RouterLink>
  )
}
