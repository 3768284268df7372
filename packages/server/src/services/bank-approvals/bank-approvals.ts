import { bankApprovalsDescriptor, type BankAccessRecord, type BankApprovalPatch, type BankApprovalsQuery } from '@portal/sdk/services'
import type { Application } from '../../declarations'
import { integerId, type PortalParams } from '../../hooks/guard'
import { bankingClock } from '../../banking/clock'
import { decideBankAccess } from '../../commands/banking/decideBankAccess'
import { allBankAccesses, companyOfBankAccess } from '../../models/bank-accesses'
import { NO_COMPANY } from '../../models/documents/read'
import { registerService } from '../shared/register'

/** The firm's bank approvals: the accesses of the caller's companies (find) and the decision on a request (patch). */
export class BankApprovalsService {
  constructor(private readonly app: Application) {}

  async find(params: PortalParams = {}): Promise<BankAccessRecord[]> {
    const query = (params.query ?? {}) as BankApprovalsQuery
    return allBankAccesses(this.app.get('knex'), bankingClock.today(), { companies: params.companies, state: query.state, search: query.search })
  }

  async patch(id: number | string | null, data: BankApprovalPatch, params: PortalParams = {}): Promise<BankAccessRecord> {
    return decideBankAccess({ app: this.app, user: params.user, id: integerId(id), data })
  }
}

/**
 * Registers bank-approvals (adm): find lists the caller's companies (no company picker), patch concerns the access's
 * company, so an administrator of some companies neither sees nor decides another company's request.
 */
export function configureBankApprovalsService(app: Application): void {
  const knex = app.get('knex')
  registerService(app, bankApprovalsDescriptor, new BankApprovalsService(app), {
    target: async (context) => (context.method === 'patch' ? { companyNo: (await companyOfBankAccess(knex, integerId(context.id))) ?? NO_COMPANY } : {}),
  })
}
