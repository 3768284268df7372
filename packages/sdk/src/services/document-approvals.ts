import { Type, type Static } from '@feathersjs/typebox'
import { APPROVAL_ACTIONS, type ApprovalAction, type ApprovalState } from '../domain/index'
import { MAX_INTEGER, multiLineText, type Creates, type Finds } from './common'
import { companyRule, defineService } from './descriptor'

/** Path of the approval steps of incoming invoices (docs/payments.md). */
export const documentApprovalsPath = 'document-approvals'

/** Methods of document-approvals. */
export const documentApprovalsMethods = ['find', 'create'] as const

/** document-approvals.find: one invoice's approval state and history. */
export const documentApprovalsQuerySchema = Type.Object(
  { document_id: Type.Integer({ minimum: 1, maximum: MAX_INTEGER }) },
  { $id: 'DocumentApprovalsQuery', additionalProperties: false },
)

/** Query of document-approvals.find. */
export type DocumentApprovalsQuery = Static<typeof documentApprovalsQuerySchema>

/** document-approvals.create: approve, reject (a reason is required) or ask a question (its text required). */
export const documentApprovalDataSchema = Type.Object(
  {
    document_id: Type.Integer({ minimum: 1, maximum: MAX_INTEGER }),
    action: Type.Unsafe<ApprovalAction>({ type: 'string', enum: [...APPROVAL_ACTIONS] }),
    text: Type.Optional(multiLineText({ maxLength: 1000 })),
  },
  { $id: 'DocumentApprovalData', additionalProperties: false },
)

/** Data of document-approvals.create. */
export type DocumentApprovalData = Static<typeof documentApprovalDataSchema>

/** One step of an invoice's approval history. */
export interface ApprovalStep {
  id: number
  action: ApprovalAction
  text: string | null
  user_name: string | null
  on_behalf_of_name: string | null
  created_at: string
}

/** An invoice's approval: its state, how many people must approve it, who has, and every step. */
export interface DocumentApproval {
  document_id: number
  company_no: number
  state: ApprovalState
  needed: 1 | 2
  approved_by: string[]
  steps: ApprovalStep[]
}

/** Typed client view of document-approvals. */
export type DocumentApprovalsClientService = Finds<DocumentApprovalsQuery, DocumentApproval> & Creates<DocumentApproval, DocumentApprovalData>

/**
 * Approval of incoming invoices: SPEC §6's `app` ("confirm incoming invoices") approves, rejects and asks; whoever
 * sees the company's documents (`doc`) or pays (`pay`) reads the history. Every step is audited.
 */
export const documentApprovalsDescriptor = defineService<DocumentApprovalsClientService>()({
  path: documentApprovalsPath,
  methods: documentApprovalsMethods,
  schemas: { query: documentApprovalsQuerySchema, data: documentApprovalDataSchema },
  abilities: { find: companyRule(['doc', 'app', 'pay']), create: companyRule(['app']) },
  events: 'company',
})
