import { approvalPoliciesDescriptor, type ApprovalPolicyPatch, type ApprovalPolicyRecord } from '@portal/sdk/services'
import type { Application } from '../../declarations'
import { integerId, type PortalParams } from '../../hooks/guard'
import { loadApprovalPolicy, saveApprovalPolicy } from '../../commands/approvals/saveApprovalPolicy'
import { registerService } from '../shared/register'

/** A company's approval policy: get and patch by the company number. */
export class ApprovalPoliciesService {
  constructor(private readonly app: Application) {}

  async get(id: number | string): Promise<ApprovalPolicyRecord> {
    return loadApprovalPolicy(this.app, integerId(id))
  }

  async patch(id: number | string | null, data: ApprovalPolicyPatch, params: PortalParams = {}): Promise<ApprovalPolicyRecord> {
    return saveApprovalPolicy({ app: this.app, user: params.user, companyNo: integerId(id), data })
  }
}

/** Registers approval-policies: the id is the company. */
export function configureApprovalPoliciesService(app: Application): void {
  registerService(app, approvalPoliciesDescriptor, new ApprovalPoliciesService(app), {
    target: (context) => ({ companyNo: integerId(context.id) }),
  })
}
