import { approvalDelegationsDescriptor, type ApprovalDelegationData, type ApprovalDelegationRecord, type ApprovalDelegationsQuery } from '@portal/sdk/services'
import type { Application } from '../../declarations'
import { integerId, type PortalParams } from '../../hooks/guard'
import { delegateApprovals, endApprovalDelegation } from '../../commands/approvals/delegateApprovals'
import { delegationOf, delegationsOf } from '../../models/approvals'
import { NO_COMPANY } from '../../models/documents/index'
import { registerService } from '../shared/register'

/** Delegations of approvals during absence: list, create, end (remove keeps it, marked ended). */
export class ApprovalDelegationsService {
  constructor(private readonly app: Application) {}

  async find(params: PortalParams = {}): Promise<ApprovalDelegationRecord[]> {
    return delegationsOf(this.app.get('knex'), (params.query as ApprovalDelegationsQuery).client)
  }

  async create(data: ApprovalDelegationData, params: PortalParams = {}): Promise<ApprovalDelegationRecord> {
    return delegateApprovals({ app: this.app, user: params.user, data })
  }

  async remove(id: number | string | null, params: PortalParams = {}): Promise<ApprovalDelegationRecord> {
    return endApprovalDelegation({ app: this.app, user: params.user, id: integerId(id) })
  }
}

/** Registers approval-delegations: the query's, the data's or the delegation's company. */
export function configureApprovalDelegationsService(app: Application): void {
  const knex = app.get('knex')
  registerService(app, approvalDelegationsDescriptor, new ApprovalDelegationsService(app), {
    target: async (context) => {
      if (context.method === 'find') return { companyNo: (context.params.query as ApprovalDelegationsQuery).client }
      if (context.method === 'create') return { companyNo: (context.data as ApprovalDelegationData).client }
      return { companyNo: (await delegationOf(knex, integerId(context.id)))?.company_no ?? NO_COMPANY }
    },
  })
}
