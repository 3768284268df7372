import { bankTransactionsDescriptor, type BankTransactionsPage, type BankTransactionsQuery } from '@portal/sdk/services'
import type { Application } from '../../declarations'
import type { PortalParams } from '../../hooks/guard'
import { bankTransactionsPage } from '../../models/bank-transactions'
import { registerService } from '../shared/register'

/** A company's bank movements with their matches, proposals and the balance over time. */
export class BankTransactionsService {
  constructor(private readonly app: Application) {}

  async find(params: PortalParams = {}): Promise<BankTransactionsPage> {
    const query = params.query as BankTransactionsQuery
    const page = await bankTransactionsPage(this.app.get('knex'), query)
    return { total: page.total, limit: query.$limit ?? 50, skip: query.$skip ?? 0, data: page.rows, balances: page.balances }
  }
}

/** Registers bank-transactions: a find concerns the company it names. */
export function configureBankTransactionsService(app: Application): void {
  registerService(app, bankTransactionsDescriptor, new BankTransactionsService(app), {
    target: (context) => ({ companyNo: (context.params.query as BankTransactionsQuery).client }),
  })
}
