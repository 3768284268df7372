import type { Knex } from 'knex'
import type { AccPeriod, AccPeriodsQuery } from '@portal/sdk/services'
import type { PortalParams } from '../../hooks/guard'

/** A company's accounting periods, newest first. */
export class AccPeriodsService {
  constructor(private readonly knex: Knex) {}

  /** Answers the periods of query.client. */
  async find(params: PortalParams = {}): Promise<AccPeriod[]> {
    const { client } = params.query as AccPeriodsQuery
    return (await this.knex('accounting_periods')
      .where({ company_no: client })
      .select(
        'company_no',
        'accounting',
        this.knex.raw("to_char(start_date, 'YYYY-MM-DD') as start_date"),
        this.knex.raw("to_char(end_date, 'YYYY-MM-DD') as end_date"),
      )
      .orderBy('accounting', 'desc')) as AccPeriod[]
  }
}
