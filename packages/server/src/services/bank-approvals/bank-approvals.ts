import { bankApprovalsDescriptor, type BankAccessRecord, type BankApprovalPatch, type BankApprovalsQuery } from '@portal/sdk/services'
import type { Application } from '../../declarations'
import { integerId, type PortalParams } from '../../hooks/guard'
import { bankingClock } from '../../banking/clock'
import { decideBankAccess } from '../../commands/banking/decideBankAccess'
import { allBankAccesses } from '../../models/bank-accesses'
import { registerService } from '../shared/register'

/** The firm's bank approvals: every company's accesses (find) and the decision on a request (patch). */
export class BankApprovalsService {
  constructor(private readonly app: Application) {}

  async find(params: PortalParams = {}): Promise<BankAccessRecord[]> {
    const query = (params.query ?? {}) as BankApprovalsQuery
    return allBankAccesses(this.app.get('knex'), bankingClock.today(), { state: query.state, search: query.search })
  }

  async patch(id: number | string | null, data: BankApprovalPatch, params: PortalParams = {}): Promise<BankAccessRecord> {
    return decideBankAccess({ app: this.app, user: params.user, id: integerId(id), data })
  }
}

/** Registers bank-approvals (adm, no company: the page lists all companies). */
export function configureBankApprovalsService(app: Application): void {
  registerService(app, bankApprovalsDescriptor, new BankApprovalsService(app))
}
