import { Type, type Static } from '@feathersjs/typebox'
import { companyNoSchema, type Finds, type Patches } from './common'
import { companyRule, defineService } from './descriptor'
import { reasonSchema } from './scanners'

/** Path of a company's e-mail intake settings (its intake address, on or off, allowed senders). */
export const intakeSettingsPath = 'intake-settings'

/** Methods of intake-settings. */
export const intakeSettingsMethods = ['find', 'patch'] as const

/** An allowed sender: a whole address (anna@lieferant.at) or a whole domain (@lieferant.at). */
export const allowedSenderSchema = Type.String({ maxLength: 254, pattern: '^([^@\\s]+@[^@\\s]+\\.[^@\\s]+|@[^@\\s]+\\.[^@\\s]+)$' })

/** The e-mail intake of one company. */
export const intakeSettingsSchema = Type.Object(
  {
    company_no: Type.Integer(),
    /** rechnungen+1001@kanzlei.example: mail to it becomes documents of the company (when enabled). */
    address: Type.String(),
    enabled: Type.Boolean(),
    /** Empty: anyone may send. */
    allowed_senders: Type.Array(Type.String()),
    /** Which ways in are running on this server. */
    smtp: Type.Boolean(),
    imap: Type.Boolean(),
  },
  { $id: 'IntakeSettings', additionalProperties: false },
)

/** The e-mail intake of one company. */
export type IntakeSettings = Static<typeof intakeSettingsSchema>

/** intake-settings.find: the settings of one company. */
export const intakeSettingsQuerySchema = Type.Object({ client: companyNoSchema }, { $id: 'IntakeSettingsQuery', additionalProperties: false })

/** Query of intake-settings.find. */
export type IntakeSettingsQuery = Static<typeof intakeSettingsQuerySchema>

/** What an administrator changes; the id is the company number. */
export const intakeSettingsPatchSchema = Type.Object(
  {
    enabled: Type.Optional(Type.Boolean()),
    allowed_senders: Type.Optional(Type.Array(allowedSenderSchema, { uniqueItems: true, maxItems: 200 })),
  },
  { $id: 'IntakeSettingsPatch', additionalProperties: false, minProperties: 1 },
)

/** Patch data of intake-settings. */
export type IntakeSettingsPatch = Static<typeof intakeSettingsPatchSchema>

/** Typed client view of intake-settings. */
export type IntakeSettingsClientService = Finds<IntakeSettingsQuery, IntakeSettings[]> & Patches<IntakeSettings, IntakeSettingsPatch>

/** Intake settings: adm with the company. */
export const intakeSettingsDescriptor = defineService<IntakeSettingsClientService>()({
  path: intakeSettingsPath,
  methods: intakeSettingsMethods,
  schemas: { query: intakeSettingsQuerySchema, patch: intakeSettingsPatchSchema, result: intakeSettingsSchema },
  abilities: { find: companyRule(['adm']), patch: companyRule(['adm']) },
  events: 'company',
})

/** Path of the intake log: what came in by e-mail and what became of it. */
export const intakeLogPath = 'intake-log'

/** Methods of intake-log. */
export const intakeLogMethods = ['find'] as const

/** What became of one attachment. */
export const intakeAttachmentSchema = Type.Object(
  {
    name: Type.String(),
    status: Type.Union([Type.Literal('uploaded'), Type.Literal('exists'), Type.Literal('refused'), Type.Literal('skipped')]),
    documentId: Type.Optional(Type.Integer()),
    error: Type.Optional(reasonSchema),
  },
  { additionalProperties: false },
)

/** What became of one attachment. */
export type IntakeAttachment = Static<typeof intakeAttachmentSchema>

/** The outcome of one mail: every attachment taken, some, or none (the mail refused as a whole, or all its files). */
export const intakeResultSchema = Type.Union([Type.Literal('accepted'), Type.Literal('partial'), Type.Literal('refused')])

/** One received mail. */
export const intakeLogEntrySchema = Type.Object(
  {
    id: Type.Integer(),
    company_no: Type.Union([Type.Integer(), Type.Null()]),
    at: Type.String({ format: 'date-time' }),
    channel: Type.Union([Type.Literal('smtp'), Type.Literal('imap')]),
    sender: Type.String(),
    recipient: Type.String(),
    subject: Type.String(),
    attachments: Type.Array(intakeAttachmentSchema),
    result: intakeResultSchema,
    /** Why the mail as a whole was refused (unknown address, sender not allowed, too large); null otherwise. */
    reason: Type.Union([reasonSchema, Type.Null()]),
  },
  { $id: 'IntakeLogEntry', additionalProperties: false },
)

/** One received mail and what became of it. */
export type IntakeLogEntry = Static<typeof intakeLogEntrySchema>

/** intake-log.find: the newest entries of one company. */
export const intakeLogQuerySchema = Type.Object(
  { client: companyNoSchema, $limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200 })) },
  { $id: 'IntakeLogQuery', additionalProperties: false },
)

/** Query of intake-log.find. */
export type IntakeLogQuery = Static<typeof intakeLogQuerySchema>

/** Typed client view of intake-log: newest first. */
export type IntakeLogClientService = Finds<IntakeLogQuery, IntakeLogEntry[]>

/** The intake log: adm with the company; new entries go to its admins. */
export const intakeLogDescriptor = defineService<IntakeLogClientService>()({
  path: intakeLogPath,
  methods: intakeLogMethods,
  schemas: { query: intakeLogQuerySchema, result: intakeLogEntrySchema },
  abilities: { find: companyRule(['adm']) },
  events: 'company',
})
