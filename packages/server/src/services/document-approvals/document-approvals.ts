import { documentApprovalsDescriptor, type DocumentApproval, type DocumentApprovalData, type DocumentApprovalsQuery } from '@portal/sdk/services'
import type { Application } from '../../declarations'
import type { PortalParams } from '../../hooks/guard'
import { decideApproval } from '../../commands/approvals/decideApproval'
import { documentApproval, policyRow, stepsOf } from '../../models/approvals'
import { approvalSubjectOf, documentTarget } from '../../models/documents/index'
import { forbidden } from '../../policies/index'
import { registerService } from '../shared/register'

/** An incoming invoice's approval: its state and history (find), a step (create). */
export class DocumentApprovalsService {
  constructor(private readonly app: Application) {}

  async find(params: PortalParams = {}): Promise<DocumentApproval> {
    const knex = this.app.get('knex')
    const { document_id: documentId } = params.query as DocumentApprovalsQuery
    const subject = await approvalSubjectOf(knex, documentId)
    if (!subject) throw forbidden()
    const policy = await policyRow(knex, subject.company_no)
    return documentApproval(documentId, subject.company_no, subject.gross, policy.single_limit, await stepsOf(knex, documentId))
  }

  async create(data: DocumentApprovalData, params: PortalParams = {}): Promise<DocumentApproval> {
    return decideApproval({ app: this.app, user: params.user, data })
  }
}

/** Registers document-approvals: a call concerns the invoice's company (and what its kind asks for). */
export function configureDocumentApprovalsService(app: Application): void {
  const knex = app.get('knex')
  registerService(app, documentApprovalsDescriptor, new DocumentApprovalsService(app), {
    target: (context) =>
      documentTarget(knex, context.method === 'find' ? (context.params.query as DocumentApprovalsQuery).document_id : (context.data as DocumentApprovalData).document_id, { trashed: false }),
  })
}
