import type { Knex } from 'knex'
import type { AccExpAccQuery, ExpenseAccount } from '@portal/sdk/services'
import type { PortalParams } from '../../hooks/guard'

/** Expense accounts: the default list plus the company's own, by account number. */
export class AccExpAccService {
  constructor(private readonly knex: Knex) {}

  /** Answers the default list and query.client's accounts, labelled with the accounting system. */
  async find(params: PortalParams = {}): Promise<ExpenseAccount[]> {
    const { client, acc } = params.query as AccExpAccQuery
    const rows = (await this.knex('expense_accounts')
      .where((where) => where.whereNull('company_no').orWhere({ company_no: client }))
      .select('id', 'company_no', 'accounting', 'account', 'name', 'tax_code')
      .orderBy(['account', 'id'])) as Omit<ExpenseAccount, 'company'>[]
    return rows.map((row) => ({ ...row, company: acc }))
  }
}
