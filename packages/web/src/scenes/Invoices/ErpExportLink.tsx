import { Link as RouterLink } from 'react-router-dom'
import { PackageIcon } from '@primer/octicons-react'
import { useTranslation } from 'react-i18next'
import { buildPath, routeByName } from '@portal/sdk/state'
import { useCan } from '../../hooks/useCan'
import styles from './Invoices.module.css'

/** The way from Accounting to the company's ERP export, for users who may see its batches (acc or exp). */
export function ErpExportLink({ companyNo }: { companyNo: number }) {
  const { t } = useTranslation('shell')
  const may = useCan('erp-exports', 'find', { companyNo })
  if (!may || companyNo <= 0) return null
  return (
    <RouterLink to={buildPath(routeByName('erp-export').path, { client: companyNo })} className={styles.accountsLink} data-testid="open-erp-export">
      <PackageIcon size={16} />
      {t('routes.erp-export')}
    </RouterLink>
  )
}
