import { Type, type Static } from '@feathersjs/typebox'
import { companyNoSchema, type Creates, type Finds, type Patches, type Removes } from './common'
import { companyRule, defineService } from './descriptor'

/** Path of the scanner manager's service (SPEC §3 Scanner: location, activated, last seen, assigned users). */
export const scannersPath = 'scanners'

/** Methods of scanners: admins (adm) list them and change location, company, assigned users and activation. */
export const scannersMethods = ['find', 'patch'] as const

/** A scanner's location as people name it ("Empfang", "Buchhaltung 2. Stock"). */
export const scannerLocationSchema = Type.String({ minLength: 1, maxLength: 100, pattern: '\\S' })

/** The e-mail addresses of the portal users assigned to a scanner (they see its batches in the document editor). */
export const scannerUsersSchema = Type.Array(Type.String({ format: 'email', maxLength: 254 }), { uniqueItems: true, maxItems: 100 })

/** A translatable reason: an i18n key with its parameters. */
export const reasonSchema = Type.Object(
  { key: Type.String(), params: Type.Record(Type.String(), Type.Unknown()) },
  { additionalProperties: false },
)

/** A translatable reason. */
export type Reason = Static<typeof reasonSchema>

/** A portal user assigned to a scanner. */
export const scannerUserSchema = Type.Object(
  { id: Type.String(), email: Type.String(), name: Type.String() },
  { additionalProperties: false },
)

/** A registered scanner as the scanner manager shows it. Its token never leaves the server (only its hash is stored). */
export const scannerSchema = Type.Object(
  {
    id: Type.Integer(),
    location: Type.String(),
    company_no: Type.Integer(),
    company_name: Type.String(),
    activated: Type.Boolean(),
    /** False once revoked: the scanner then has no valid token until one is issued again (rotate). */
    has_token: Type.Boolean(),
    token_issued_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
    last_seen: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
    /** Documents it delivered today (server's calendar day). */
    documents_today: Type.Integer(),
    documents_total: Type.Integer(),
    last_error: Type.Union([reasonSchema, Type.Null()]),
    last_error_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
    users: Type.Array(scannerUserSchema),
    created_at: Type.String({ format: 'date-time' }),
  },
  { $id: 'Scanner', additionalProperties: false },
)

/** A registered scanner. */
export type Scanner = Static<typeof scannerSchema>

/** scanners.find: every scanner of the caller's companies, or those of one company. */
export const scannersQuerySchema = Type.Object({ client: Type.Optional(companyNoSchema) }, { $id: 'ScannersQuery', additionalProperties: false })

/** Query of scanners.find. */
export type ScannersQuery = Static<typeof scannersQuerySchema>

/** What an administrator may change on a scanner; `activated: false` refuses its uploads until it is true again. */
export const scannerPatchSchema = Type.Object(
  {
    location: Type.Optional(scannerLocationSchema),
    company_no: Type.Optional(companyNoSchema),
    users: Type.Optional(scannerUsersSchema),
    activated: Type.Optional(Type.Boolean()),
  },
  { $id: 'ScannerPatch', additionalProperties: false, minProperties: 1 },
)

/** Patch data of scanners. */
export type ScannerPatch = Static<typeof scannerPatchSchema>

/** Typed client view of scanners. */
export type ScannersClientService = Finds<ScannersQuery, Scanner[]> & Patches<Scanner, ScannerPatch>

/** The scanners service: adm only, narrowed to the caller's companies; changes go to the admins of the scanner's company. */
export const scannersDescriptor = defineService<ScannersClientService>()({
  path: scannersPath,
  methods: scannersMethods,
  schemas: { query: scannersQuerySchema, patch: scannerPatchSchema, result: scannerSchema },
  abilities: { find: companyRule(['adm']), patch: companyRule(['adm']) },
  events: 'company',
})

/** Path of scanner registration: creates a scanner and answers its token once. */
export const scannerRegistrationsPath = 'scanner-registrations'

/** Methods of scanner-registrations. */
export const scannerRegistrationsMethods = ['create'] as const

/** Data of scanner-registrations.create. */
export const scannerRegistrationSchema = Type.Object(
  { location: scannerLocationSchema, company_no: companyNoSchema, users: Type.Optional(scannerUsersSchema) },
  { $id: 'ScannerRegistration', additionalProperties: false },
)

/** Data of scanner-registrations.create. */
export type ScannerRegistration = Static<typeof scannerRegistrationSchema>

/** The answer that carries a scanner's token: the only time it is shown (register, rotate). */
export const scannerTokenAnswerSchema = Type.Object(
  { scanner: scannerSchema, token: Type.String() },
  { $id: 'ScannerTokenAnswer', additionalProperties: false },
)

/** A scanner with its freshly issued token. */
export type ScannerTokenAnswer = Static<typeof scannerTokenAnswerSchema>

/** Typed client view of scanner-registrations. */
export type ScannerRegistrationsClientService = Creates<ScannerTokenAnswer, ScannerRegistration>

/** Registration: adm with the company; no events (the token goes only to the caller; scanners publishes `created`). */
export const scannerRegistrationsDescriptor = defineService<ScannerRegistrationsClientService>()({
  path: scannerRegistrationsPath,
  methods: scannerRegistrationsMethods,
  schemas: { data: scannerRegistrationSchema, result: scannerTokenAnswerSchema },
  abilities: { create: companyRule(['adm']) },
  events: 'none',
})

/** Path of scanner tokens: create issues a new token (rotate, the old one stops working), remove revokes it. */
export const scannerTokensPath = 'scanner-tokens'

/** Methods of scanner-tokens. */
export const scannerTokensMethods = ['create', 'remove'] as const

/** Data of scanner-tokens.create (rotate). */
export const scannerTokenRequestSchema = Type.Object(
  { scanner_id: Type.Integer({ minimum: 1, maximum: 2147483647 }) },
  { $id: 'ScannerTokenRequest', additionalProperties: false },
)

/** Data of scanner-tokens.create. */
export type ScannerTokenRequest = Static<typeof scannerTokenRequestSchema>

/** Typed client view of scanner-tokens: remove(scanner id) revokes and answers the scanner. */
export type ScannerTokensClientService = Creates<ScannerTokenAnswer, ScannerTokenRequest> & Removes<Scanner>

/** Tokens: adm with the scanner's company; no events of its own (scanners publishes `patched` without the token). */
export const scannerTokensDescriptor = defineService<ScannerTokensClientService>()({
  path: scannerTokensPath,
  methods: scannerTokensMethods,
  schemas: { data: scannerTokenRequestSchema, result: scannerTokenAnswerSchema },
  abilities: { create: companyRule(['adm']), remove: companyRule(['adm']) },
  events: 'none',
})

/** The scanner upload door (HTTP, `Authorization: Bearer <scanner token>`, multipart field `files`). */
export const scannerHttpPaths = { upload: '/api/scanner/upload' } as const

/** How a scanner token starts, so people and tools tell it from an identity token. */
export const SCANNER_TOKEN_PREFIX = 'pst_'
