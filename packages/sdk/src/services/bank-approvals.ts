import { Type, type Static } from '@feathersjs/typebox'
import { BANK_ACCESS_PHASES, type BankAccessPhase } from '../domain/index'
import { multiLineText, type Finds, type Patches } from './common'
import type { BankAccessRecord } from './bank-common'
import { companyRule, defineService } from './descriptor'

/** Path of the firm's bank approvals: the access requests of all the caller's companies at once (no company picker). */
export const bankApprovalsPath = 'bank-approvals'

/** Methods of bank-approvals. */
export const bankApprovalsMethods = ['find', 'patch'] as const

/** bank-approvals.find: the caller's companies' accesses, narrowed by their state on today. */
export const bankApprovalsQuerySchema = Type.Object(
  { state: Type.Optional(Type.Unsafe<BankAccessPhase>({ type: 'string', enum: [...BANK_ACCESS_PHASES] })), search: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })) },
  { $id: 'BankApprovalsQuery', additionalProperties: false },
)

/** Query of bank-approvals.find. */
export type BankApprovalsQuery = Static<typeof bankApprovalsQuerySchema>

/** bank-approvals.patch: approve (90 days of read access) or reject a pending request, with an optional reason. */
export const bankApprovalPatchSchema = Type.Object(
  { decision: Type.Union([Type.Literal('approve'), Type.Literal('reject')]), reason: Type.Optional(multiLineText({ maxLength: 500 })) },
  { $id: 'BankApprovalPatch', additionalProperties: false },
)

/** Data of bank-approvals.patch. */
export type BankApprovalPatch = Static<typeof bankApprovalPatchSchema>

/** Typed client view of bank-approvals. */
export type BankApprovalsClientService = Finds<BankApprovalsQuery, BankAccessRecord[]> & Patches<BankAccessRecord, BankApprovalPatch>

/** Bank approvals: the firm's administrators (adm), across the companies they hold (find is narrowed to them). */
export const bankApprovalsDescriptor = defineService<BankApprovalsClientService>()({
  path: bankApprovalsPath,
  methods: bankApprovalsMethods,
  schemas: { query: bankApprovalsQuerySchema, patch: bankApprovalPatchSchema },
  abilities: { find: companyRule(['adm']), patch: companyRule(['adm']) },
  events: 'company',
})
