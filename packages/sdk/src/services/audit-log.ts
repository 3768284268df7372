import { Type, type Static } from '@feathersjs/typebox'
import { MAX_INTEGER, skipSchema, type Finds, type Page } from './common'
import { sessionRule, defineService } from './descriptor'

/** Path of the audit log: every administrative change (users, responsibility, scanners …), append-only. */
export const auditLogPath = 'audit-log'

/** Methods of audit-log: find only; nobody changes or deletes an entry. */
export const auditLogMethods = ['find'] as const

/**
 * Every action an audit entry names (`entity.verb`); each has its text `users:audit.action.<action>` in English and
 * German, which the audit log screen and `portal users show` print. The server writes only these (its `appendAudit`
 * takes an `AuditAction`), so a new administrative change cannot reach the log without a name people can read.
 */
export const AUDIT_ACTIONS = [
  'user.create',
  'user.update',
  'user.enable',
  'user.disable',
  'user.delete',
  'user.resetPassword',
  'user.resetSecondFactor',
  'user.setPassword',
  'user.totpEnable',
  'user.totpRemove',
  'user.recoveryRegenerate',
  'user.recoveryUse',
  'user.passkeyAdd',
  'user.passkeyRename',
  'user.passkeyRemove',
  'user.passwordChange',
  'user.deviceLogout',
  'responsibility.assign',
  'scanner.register',
  'scanner.change',
  'scanner.activate',
  'scanner.deactivate',
  'scanner.rotate',
  'scanner.revoke',
  'intakeSettings.change',
  'secondFactorPolicy.change',
  'fonItem.resolve',
  'fonItem.reopen',
  'fonSettings.change',
  'fonImport.records',
  'fonImport.quota',
  'firm.create',
  'firm.change',
  'firm.delete',
  'address.create',
  'address.change',
  'address.recheck',
  'companySettings.change',
  'taxCode.change',
  'partnerAccount.create',
  'partnerAccount.change',
  'erpSettings.change',
  'kerMapping.change',
  'svImport.accounts',
  'svImport.transactions',
  'svImport.authorizations',
  'payment.record',
  'payment.undo',
  'bankAccess.request',
  'bankAccess.approve',
  'bankAccess.reject',
  'bankAccess.renew',
  'bankAccess.revoke',
  'bankTerms.accept',
  'bankTerms.withdraw',
  'bankStatement.import',
  'bankMatch.match',
  'bankMatch.auto',
  'bankMatch.undo',
  'month.release',
  'month.withdraw',
  'approvalPolicy.change',
  'approvalDelegation.create',
  'approvalDelegation.end',
  'documentApproval.approve',
  'documentApproval.reject',
  'documentApproval.question',
  'paymentRun.create',
  'paymentRun.release',
  'paymentRun.sent',
  'paymentRun.cancel',
] as const

/** One audited action, e.g. `user.disable`. */
export type AuditAction = (typeof AUDIT_ACTIONS)[number]

/** The verbs of one entity's actions: `AuditVerb<'scanner'>` is `'register' | 'change' | …`. */
export type AuditVerb<Entity extends string> = AuditAction extends infer Action
  ? Action extends `${Entity}.${infer Verb}`
    ? Verb
    : never
  : never

/**
 * The kinds of records an audit entry concerns (its `entity`; the audit log can be narrowed to one). Spelled as the
 * entries already stored spell them, so older entries are found too.
 */
export const AUDIT_ENTITIES = [
  'user',
  'responsibility',
  'scanner',
  'intakeSettings',
  'secondFactorPolicy',
  'fonItem',
  'fonSettings',
  'fonImport',
  'firm',
  'address',
  'companySettings',
  'taxCode',
  'partnerAccount',
  'erp-settings',
  'ker-mappings',
  'svImport',
  'payments',
  'bank_accesses',
  'bank_terms',
  'bank_statements',
  'month_releases',
  'approval_policies',
  'approval_delegations',
  'document_approvals',
  'payment_runs',
] as const

/** One kind of audited record. */
export type AuditEntity = (typeof AUDIT_ENTITIES)[number]

/** audit-log.find (kca): newest first, narrowed to one target, one actor, one kind or one action. */
export const auditLogQuerySchema = Type.Object(
  {
    entity: Type.Optional(Type.Unsafe<AuditEntity>({ type: 'string', enum: [...AUDIT_ENTITIES] })),
    targetId: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
    actorId: Type.Optional(Type.String({ format: 'uuid' })),
    action: Type.Optional(Type.Unsafe<AuditAction>({ type: 'string', enum: [...AUDIT_ACTIONS] })),
    $limit: Type.Optional(Type.Integer({ minimum: 0, maximum: 1000 })),
    $skip: skipSchema,
  },
  { $id: 'AuditLogQuery', additionalProperties: false },
)

/** Query of audit-log.find. */
export type AuditLogQuery = Static<typeof auditLogQuerySchema>

/**
 * One audited change: who (actor id and name at that moment), when, what (`action`, e.g. `user.disable`; its text is
 * `users:audit.action.<action>`), for whom (`entity` + `targetId`, `targetLabel` as it read then) and the record's
 * values before and after (only the changed fields; secrets never).
 */
export const auditEntrySchema = Type.Object(
  {
    id: Type.Integer({ minimum: 1, maximum: MAX_INTEGER }),
    at: Type.String({ format: 'date-time' }),
    actorId: Type.Union([Type.String(), Type.Null()]),
    actorName: Type.Union([Type.String(), Type.Null()]),
    action: Type.String(),
    entity: Type.String(),
    targetId: Type.String(),
    targetLabel: Type.Union([Type.String(), Type.Null()]),
    /** The client company the change concerns, when it concerns one (scanners, responsibility). */
    companyNo: Type.Union([Type.Integer(), Type.Null()]),
    before: Type.Union([Type.Record(Type.String(), Type.Unknown()), Type.Null()]),
    after: Type.Union([Type.Record(Type.String(), Type.Unknown()), Type.Null()]),
  },
  { $id: 'AuditEntry', additionalProperties: false },
)

/** One audit entry. */
export type AuditEntry = Static<typeof auditEntrySchema>

/** Typed client view of audit-log. */
export type AuditLogClientService = Finds<AuditLogQuery, Page<AuditEntry>>

/** The audit-log service: kca reads; new entries go to user managers as `created`. */
export const auditLogDescriptor = defineService<AuditLogClientService>()({
  path: auditLogPath,
  methods: auditLogMethods,
  schemas: { query: auditLogQuerySchema, result: auditEntrySchema },
  abilities: { find: sessionRule(['kca']) },
  events: 'none',
})
