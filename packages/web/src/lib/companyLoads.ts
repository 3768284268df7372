import type { PortalClient } from '@portal/sdk/client'
import { CUSTOMER_TYPES, SUPPLIER_TYPES, type AccountType } from '@portal/sdk/domain'
import type { CompanyLoaders } from '@portal/sdk/state'

// Master data lists can be long (10,000 accounts); screens page further themselves.
const FIRST_PAGE = 200

/**
 * The loads of a company change (SPEC §4) with the queries of §7. Cost and books need the accounting
 * periods first, so the periods of a company are fetched once and shared.
 */
export function companyLoaders(client: PortalClient, acc: string): CompanyLoaders {
  const periods = new Map<string, Promise<{ accounting: number }[]>>()
  const periodsOf = (company: string) => {
    let pending = periods.get(company)
    if (!pending) {
      pending = client.service('acc-periods').find({ query: { client: Number(company), acc } })
      periods.set(company, pending)
      // A failed or finished load is not kept: the next change of company asks again.
      void pending.finally(() => periods.delete(company)).catch(() => undefined)
    }
    return pending
  }
  const accountings = async (company: string) => (await periodsOf(company)).map((p) => p.accounting)
  const suppliers = (company: string, types: readonly AccountType[]) =>
    client.service('acc-suppliers').find({ query: { client: Number(company), acc, types: [...types], $limit: FIRST_PAGE } })
  return {
    accountingPeriods: (company) => periodsOf(company),
    suppliers: (company) => suppliers(company, SUPPLIER_TYPES),
    customers: (company) => suppliers(company, CUSTOMER_TYPES),
    companySettings: (company) => client.service('company-settings').find({ query: { client: Number(company) } }),
    cost: async (company) => {
      const list = await accountings(company)
      return list.length ? client.service('acc-cost').find({ query: { client: Number(company), accountings: list } }) : []
    },
    books: async (company) => {
      const list = await accountings(company)
      return list.length ? client.service('acc-books').find({ query: { client: Number(company), accountings: list } }) : []
    },
  }
}
