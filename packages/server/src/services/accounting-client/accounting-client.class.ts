import type { Knex } from 'knex'
import type { AccountingClient } from '@portal/sdk/services'
import type { PortalParams } from '../../hooks/guard'
import { FindCache } from '../shared/find-cache'

/** The caller's client companies, by number. */
export class AccountingClientService {
  // Companies change rarely and every screen asks for them: one read serves all callers for a few seconds.
  private readonly cache = new FindCache<AccountingClient[]>(5_000)

  constructor(private readonly knex: Knex) {}

  /** Answers every company the caller may see (all companies for internal calls). */
  async find(params: PortalParams = {}): Promise<AccountingClient[]> {
    const all = await this.cache.get(0, 'all', async () =>
      (await this.knex('companies')
        .select('company_no', 'company_name', 'company_place', 'current_accounting')
        .orderBy('company_no')) as AccountingClient[],
    )
    if (!params.companies) return all
    const allowed = new Set(params.companies)
    return all.filter((company) => allowed.has(company.company_no))
  }
}
