import { bankMatchesDescriptor, type BankMatchData, type BankTransactionRecord } from '@portal/sdk/services'
import type { Application } from '../../declarations'
import { integerId, type PortalParams } from '../../hooks/guard'
import { matchBankTransaction } from '../../commands/banking/matchBankTransaction'
import { unmatchBankTransaction } from '../../commands/banking/unmatchBankTransaction'
import { companyOfBankTransaction } from '../../models/bank-transactions'
import { registerService } from '../shared/register'

/** Matching a movement to open items by a proposal (create) and undoing it (remove, by the movement's id). */
export class BankMatchesService {
  constructor(private readonly app: Application) {}

  async create(data: BankMatchData, params: PortalParams = {}): Promise<BankTransactionRecord> {
    return matchBankTransaction({ app: this.app, user: params.user, data })
  }

  async remove(id: number | string, params: PortalParams = {}): Promise<BankTransactionRecord> {
    return unmatchBankTransaction({ app: this.app, user: params.user, transactionId: integerId(id) })
  }
}

/** Registers bank-matches: each call concerns the movement's company. */
export function configureBankMatchesService(app: Application): void {
  const knex = app.get('knex')
  registerService(app, bankMatchesDescriptor, new BankMatchesService(app), {
    target: async (context) => ({
      companyNo: await companyOfBankTransaction(knex, context.method === 'create' ? (context.data as BankMatchData).transaction_id : integerId(context.id)),
    }),
  })
}
