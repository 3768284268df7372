import type { Knex } from 'knex'
import type { AccBooksQuery, Book } from '@portal/sdk/services'
import type { PortalParams } from '../../hooks/guard'

/** A company's books (ER, AR, KA, Bank …) of the listed accounting periods. */
export class AccBooksService {
  constructor(private readonly knex: Knex) {}

  /** Answers the rows of query.client for query.accountings (absent: all its accounting periods), by accounting and code. */
  async find(params: PortalParams = {}): Promise<Book[]> {
    const { client, accountings } = params.query as AccBooksQuery
    return (await this.knex('books')
      .where({ company_no: client })
      .whereIn('accounting', accountings ?? this.knex('accounting_periods').where({ company_no: client }).select('accounting'))
      .select('id', 'company_no', 'accounting', 'code', 'name')
      .orderBy([{ column: 'accounting', order: 'desc' }, 'code'])) as Book[]
  }
}
