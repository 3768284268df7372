import { Type, type Static } from '@feathersjs/typebox'
import { companyNoSchema, dateSchema, type Creates, type Finds, type Gets, type Patches, type Removes } from './common'
import { companyRule, defineService } from './descriptor'

/** Path of a company's approval policy (docs/payments.md): who approves, the four-eyes limit, the debtor account. */
export const approvalPoliciesPath = 'approval-policies'

/** Methods of approval-policies: get and patch by the company number. */
export const approvalPoliciesMethods = ['get', 'patch'] as const

const uuid = Type.String({ minLength: 36, maxLength: 36, pattern: '^[0-9a-fA-F-]{36}$' })

/** approval-policies.patch: the limit ('2500.00'; null: one approval always suffices), approvers, run release, debtor account. */
export const approvalPolicyPatchSchema = Type.Object(
  {
    single_limit: Type.Optional(Type.Union([Type.Null(), Type.String({ minLength: 1, maxLength: 16, pattern: '^\\d{1,12}(\\.\\d{1,2})?$' })])),
    approvers: Type.Optional(Type.Array(uuid, { maxItems: 200, uniqueItems: true })),
    run_release_required: Type.Optional(Type.Boolean()),
    debtor_name: Type.Optional(Type.Union([Type.Null(), Type.String({ minLength: 1, maxLength: 70 })])),
    debtor_iban: Type.Optional(Type.Union([Type.Null(), Type.String({ minLength: 15, maxLength: 42 })])),
    debtor_bic: Type.Optional(Type.Union([Type.Null(), Type.String({ minLength: 8, maxLength: 11, pattern: '^[A-Za-z0-9]{8}([A-Za-z0-9]{3})?$' })])),
  },
  { $id: 'ApprovalPolicyPatch', additionalProperties: false, minProperties: 1 },
)

/** Data of approval-policies.patch. */
export type ApprovalPolicyPatch = Static<typeof approvalPolicyPatchSchema>

/** A person who may approve (holds the company and `app`). */
export interface ApproverChoice {
  id: string
  name: string
}

/** A delegation: `from` is absent from `from_date` to `to_date`, `to` approves in their place. */
export interface ApprovalDelegationRecord {
  id: number
  company_no: number
  from_user: string
  from_name: string | null
  to_user: string
  to_name: string | null
  from_date: string
  to_date: string
  ended: boolean
}

/** A company's approval policy (defaults until someone saves one). */
export interface ApprovalPolicyRecord {
  company_no: number
  single_limit: string | null
  approvers: string[]
  run_release_required: boolean
  debtor_name: string | null
  debtor_iban: string | null
  debtor_bic: string | null
  /** Who may be named an approver or a delegate: the company's people holding `app`. */
  candidates: ApproverChoice[]
  delegations: ApprovalDelegationRecord[]
  updated_by_name: string | null
  updated_at: string | null
}

/** Typed client view of approval-policies. */
export type ApprovalPoliciesClientService = Gets<ApprovalPolicyRecord> & Patches<ApprovalPolicyRecord, ApprovalPolicyPatch>

/**
 * Approval policies: read by whoever approves or pays (`app`, `pay`); changed by `pay` or `adm` with the company
 * (the limits and the debtor account decide about the company's money). Every change is audited.
 */
export const approvalPoliciesDescriptor = defineService<ApprovalPoliciesClientService>()({
  path: approvalPoliciesPath,
  methods: approvalPoliciesMethods,
  schemas: { patch: approvalPolicyPatchSchema },
  abilities: { get: companyRule(['app', 'pay', 'adm']), patch: companyRule(['pay', 'adm']) },
  events: 'company',
})

/** Path of the approval delegations (absence). */
export const approvalDelegationsPath = 'approval-delegations'

/** Methods of approval-delegations. */
export const approvalDelegationsMethods = ['find', 'create', 'remove'] as const

/** approval-delegations.find: a company's delegations. */
export const approvalDelegationsQuerySchema = Type.Object({ client: companyNoSchema }, { $id: 'ApprovalDelegationsQuery', additionalProperties: false })

/** Query of approval-delegations.find. */
export type ApprovalDelegationsQuery = Static<typeof approvalDelegationsQuerySchema>

/** approval-delegations.create: hand `from_user`'s approvals (default: the caller's) to `to_user` for a span of days. */
export const approvalDelegationDataSchema = Type.Object(
  { client: companyNoSchema, from_user: Type.Optional(uuid), to_user: uuid, from_date: dateSchema, to_date: dateSchema },
  { $id: 'ApprovalDelegationData', additionalProperties: false },
)

/** Data of approval-delegations.create. */
export type ApprovalDelegationData = Static<typeof approvalDelegationDataSchema>

/** Typed client view of approval-delegations. */
export type ApprovalDelegationsClientService = Finds<ApprovalDelegationsQuery, ApprovalDelegationRecord[]> &
  Creates<ApprovalDelegationRecord, ApprovalDelegationData> &
  Removes<ApprovalDelegationRecord>

/** Delegations: made and ended by approvers (`app`) of the company; audited. */
export const approvalDelegationsDescriptor = defineService<ApprovalDelegationsClientService>()({
  path: approvalDelegationsPath,
  methods: approvalDelegationsMethods,
  schemas: { query: approvalDelegationsQuerySchema, data: approvalDelegationDataSchema },
  abilities: { find: companyRule(['app']), create: companyRule(['app']), remove: companyRule(['app']) },
  events: 'company',
})
