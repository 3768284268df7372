import { ChecklistIcon } from '@primer/octicons-react'
import { CompanyScreenLink } from './CompanyScreenLink'

/** The way from Accounting to the company's month check (everyone holding the company: the client releases months there). */
export function MonthCheckLink({ companyNo }: { companyNo: number }) {
  return <CompanyScreenLink companyNo={companyNo} route="month-check" service="month-checks" icon={ChecklistIcon} testId="open-month-check" />
}
