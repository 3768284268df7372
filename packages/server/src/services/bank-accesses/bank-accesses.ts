import { bankAccessesDescriptor, type BankAccessData, type BankAccessPatch, type BankAccessRecord, type BankAccessesQuery } from '@portal/sdk/services'
import type { Application } from '../../declarations'
import { integerId, type PortalParams } from '../../hooks/guard'
import { bankingClock } from '../../banking/clock'
import { changeBankAccess } from '../../commands/banking/changeBankAccess'
import { requestBankAccess } from '../../commands/banking/requestBankAccess'
import { bankAccessesOf, companyOfBankAccess } from '../../models/bank-accesses'
import { registerService } from '../shared/register'

/** A company's bank accesses: list, request (create), renew or revoke (patch). */
export class BankAccessesService {
  constructor(private readonly app: Application) {}

  async find(params: PortalParams = {}): Promise<BankAccessRecord[]> {
    return bankAccessesOf(this.app.get('knex'), (params.query as BankAccessesQuery).client, bankingClock.today())
  }

  async create(data: BankAccessData, params: PortalParams = {}): Promise<BankAccessRecord> {
    return requestBankAccess({ app: this.app, user: params.user, data })
  }

  async patch(id: number | string | null, data: BankAccessPatch, params: PortalParams = {}): Promise<BankAccessRecord> {
    return changeBankAccess({ app: this.app, user: params.user, id: integerId(id), data })
  }
}

/** Registers bank-accesses: find and create the named company's, patch the access's company. */
export function configureBankAccessesService(app: Application): void {
  const knex = app.get('knex')
  registerService(app, bankAccessesDescriptor, new BankAccessesService(app), {
    target: async (context) => {
      if (context.method === 'find') return { companyNo: (context.params.query as BankAccessesQuery).client }
      if (context.method === 'create') return { companyNo: (context.data as BankAccessData).client }
      return { companyNo: await companyOfBankAccess(knex, integerId(context.id)) }
    },
  })
}
