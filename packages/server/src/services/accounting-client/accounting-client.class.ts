import type { Knex } from 'knex'
import type { AccountingClient } from '@portal/sdk/services'
import type { PortalParams } from '../../hooks/guard'

/** The caller's client companies, by number. */
export class AccountingClientService {
  constructor(private readonly knex: Knex) {}

  /** Answers every company the caller may see (all companies for internal calls). */
  async find(params: PortalParams = {}): Promise<AccountingClient[]> {
    const query = this.knex('companies')
      .select('company_no', 'company_name', 'company_place', 'current_accounting')
      .orderBy('company_no')
    if (params.companies) query.whereIn('company_no', params.companies)
    return (await query) as AccountingClient[]
  }
}
