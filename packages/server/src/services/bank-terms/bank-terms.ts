import { bankTermsDescriptor, type BankTermsData, type BankTermsQuery, type BankTermsRecord } from '@portal/sdk/services'
import type { Application } from '../../declarations'
import { integerId, type PortalParams } from '../../hooks/guard'
import { acceptBankTerms } from '../../commands/banking/acceptBankTerms'
import { withdrawBankTerms } from '../../commands/banking/withdrawBankTerms'
import { bankTermsOf } from '../../models/bank-terms'
import { registerService } from '../shared/register'

/** The bank-connection provider's terms per company: read, accept (create), withdraw (remove by company number). */
export class BankTermsService {
  constructor(private readonly app: Application) {}

  async find(params: PortalParams = {}): Promise<BankTermsRecord> {
    return bankTermsOf(this.app.get('knex'), (params.query as BankTermsQuery).client)
  }

  async create(data: BankTermsData, params: PortalParams = {}): Promise<BankTermsRecord> {
    return acceptBankTerms({ app: this.app, user: params.user, data })
  }

  async remove(id: number | string, params: PortalParams = {}): Promise<BankTermsRecord> {
    return withdrawBankTerms({ app: this.app, user: params.user, companyNo: integerId(id) })
  }
}

/** Registers bank-terms; every method concerns the company it names. */
export function configureBankTermsService(app: Application): void {
  registerService(app, bankTermsDescriptor, new BankTermsService(app), {
    target: (context) => {
      if (context.method === 'find') return { companyNo: (context.params.query as BankTermsQuery).client }
      if (context.method === 'create') return { companyNo: (context.data as BankTermsData).client }
      return { companyNo: integerId(context.id) }
    },
  })
}
