import type { Knex } from 'knex'
import type { AccCostQuery, CostCenter } from '@portal/sdk/services'
import type { PortalParams } from '../../hooks/guard'

/** A company's cost centres of the listed accounting periods. */
export class AccCostService {
  constructor(private readonly knex: Knex) {}

  /** Answers the rows of query.client for query.accountings (absent: all its accounting periods), by accounting and code. */
  async find(params: PortalParams = {}): Promise<CostCenter[]> {
    const { client, accountings } = params.query as AccCostQuery
    return (await this.knex('cost_centers')
      .where({ company_no: client })
      .whereIn('accounting', accountings ?? this.knex('accounting_periods').where({ company_no: client }).select('accounting'))
      .select('id', 'company_no', 'accounting', 'code', 'name')
      .orderBy([{ column: 'accounting', order: 'desc' }, 'code'])) as CostCenter[]
  }
}
