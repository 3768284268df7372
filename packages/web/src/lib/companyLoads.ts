import type { PortalClient } from '@portal/sdk/client'
import { CUSTOMER_TYPES, SUPPLIER_TYPES, type AccountType } from '@portal/sdk/domain'
import type { CompanyLoaders } from '@portal/sdk/state'

// Master data lists can be long (10,000 accounts); screens page further themselves.
const FIRST_PAGE = 200

/**
 * The loads of a company change (SPEC §4) with the queries of §7, all in one wave: cost and books without
 * accountings answer those of every period of the company.
 */
export function companyLoaders(client: PortalClient, acc: string): CompanyLoaders {
  const suppliers = (company: string, types: readonly AccountType[]) =>
    client.service('acc-suppliers').find({ query: { client: Number(company), acc, types: [...types], $limit: FIRST_PAGE } })
  return {
    accountingPeriods: (company) => client.service('acc-periods').find({ query: { client: Number(company), acc } }),
    suppliers: (company) => suppliers(company, SUPPLIER_TYPES),
    customers: (company) => suppliers(company, CUSTOMER_TYPES),
    companySettings: (company) => client.service('company-settings').find({ query: { client: Number(company) } }),
    // Without accountings the server answers those of all the company's periods: one wave with the periods.
    cost: (company) => client.service('acc-cost').find({ query: { client: Number(company) } }),
    books: (company) => client.service('acc-books').find({ query: { client: Number(company) } }),
  }
}
