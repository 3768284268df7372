import type { AccountingClient } from '@portal/sdk/services'

/** Companies whose name or number contains the query (case-insensitive), in their order. */
export function filterCompanies(companies: AccountingClient[], query: string): AccountingClient[] {
  const wanted = query.trim().toLowerCase()
  if (!wanted) return companies
  return companies.filter(
    (company) => company.company_name.toLowerCase().includes(wanted) || String(company.company_no).includes(wanted),
  )
}
