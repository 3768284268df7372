/**
 * The firm dashboard's query (models/company-overview.ts) names the caller's companies once, as the array
 * `p.companies`; each table's part narrows to them with this condition, which the planner turns into an index
 * condition (a join to the list of companies read the whole table instead).
 */
export function inCompanies(alias: string): string {
  return `${alias}.company_no = any((select companies from p)::int[])`
}
