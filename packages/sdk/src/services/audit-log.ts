import { Type, type Static } from '@feathersjs/typebox'
import { MAX_INTEGER, skipSchema, type Finds, type Page } from './common'
import { sessionRule, defineService } from './descriptor'

/** Path of the audit log: every administrative change (users, responsibility, scanners …), append-only. */
export const auditLogPath = 'audit-log'

/** Methods of audit-log: find only; nobody changes or deletes an entry. */
export const auditLogMethods = ['find'] as const

/** The kinds of records an audit entry concerns. */
export const AUDIT_ENTITIES = ['user', 'responsibility', 'scanner', 'fonItem'] as const

/** One kind of audited record. */
export type AuditEntity = (typeof AUDIT_ENTITIES)[number]

/** audit-log.find (kca): newest first, narrowed to one target, one actor, one kind or one action. */
export const auditLogQuerySchema = Type.Object(
  {
    entity: Type.Optional(Type.Unsafe<AuditEntity>({ type: 'string', enum: [...AUDIT_ENTITIES] })),
    targetId: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
    actorId: Type.Optional(Type.String({ format: 'uuid' })),
    action: Type.Optional(Type.String({ minLength: 1, maxLength: 60, pattern: '^[a-z]+\\.[a-zA-Z]+$' })),
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
