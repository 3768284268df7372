import { PackageIcon } from '@primer/octicons-react'
import { CompanyScreenLink } from './CompanyScreenLink'

/** The way from Accounting to the company's ERP export, for users who may see its batches (acc or exp). */
export function ErpExportLink({ companyNo }: { companyNo: number }) {
  return <CompanyScreenLink companyNo={companyNo} route="erp-export" service="erp-exports" icon={PackageIcon} testId="open-erp-export" />
}
