import type { AccountingClient } from '@portal/sdk/services'

/** Companies whose name, number or place contains the search text (case-insensitive); all for an empty text. */
export function filterCompanies(companies: readonly AccountingClient[], search: string): AccountingClient[] {
  const needle = search.trim().toLowerCase()
  if (!needle) return [...companies]
  return companies.filter(
    (c) =>
      String(c.company_no).includes(needle) ||
      c.company_name.toLowerCase().includes(needle) ||
      c.company_place.toLowerCase().includes(needle),
  )
}

/** The text the picker's input shows for a company. */
export function companyLabel(company: AccountingClient): string {
  return `${company.company_no} · ${company.company_name}`
}
