import { Type, type Static } from '@feathersjs/typebox'
import { companyNoSchema, type Creates, type Finds, type Patches } from './common'
import type { BankAccessRecord } from './bank-common'
import { companyRule, defineService } from './descriptor'

/** Path of a company's bank accesses: request one per account, renew or revoke it. */
export const bankAccessesPath = 'bank-accesses'

/** Methods of bank-accesses. */
export const bankAccessesMethods = ['find', 'create', 'patch'] as const

/** bank-accesses.find: the company's accounts and their accesses (newest first). */
export const bankAccessesQuerySchema = Type.Object({ client: companyNoSchema }, { $id: 'BankAccessesQuery', additionalProperties: false })

/** Query of bank-accesses.find. */
export type BankAccessesQuery = Static<typeof bankAccessesQuerySchema>

/** bank-accesses.create: request read access to an account (IBAN checked) by statement files or the PSD2 provider. */
export const bankAccessDataSchema = Type.Object(
  {
    client: companyNoSchema,
    iban: Type.String({ minLength: 1, maxLength: 42 }),
    name: Type.Optional(Type.String({ maxLength: 100 })),
    provider: Type.Optional(Type.Union([Type.Literal('files'), Type.Literal('psd2')])),
    /** The bank as the PSD2 provider names it (e.g. ERSTE_GIBAATWW); needed for psd2. */
    institution_id: Type.Optional(Type.String({ minLength: 1, maxLength: 100, pattern: '^[A-Za-z0-9_-]+$' })),
  },
  { $id: 'BankAccessData', additionalProperties: false },
)

/** Data of bank-accesses.create. */
export type BankAccessData = Static<typeof bankAccessDataSchema>

/** bank-accesses.patch: renew (another 90 days from today), revoke, or sync (fetch a PSD2 account's movements now). */
export const bankAccessPatchSchema = Type.Object(
  { action: Type.Union([Type.Literal('renew'), Type.Literal('revoke'), Type.Literal('sync')]) },
  { $id: 'BankAccessPatch', additionalProperties: false },
)

/** Data of bank-accesses.patch. */
export type BankAccessPatch = Static<typeof bankAccessPatchSchema>

/** Typed client view of bank-accesses. */
export type BankAccessesClientService = Finds<BankAccessesQuery, BankAccessRecord[]> & Creates<BankAccessRecord, BankAccessData> & Patches<BankAccessRecord, BankAccessPatch>

/** Bank accesses: adm or ban of the company. */
export const bankAccessesDescriptor = defineService<BankAccessesClientService>()({
  path: bankAccessesPath,
  methods: bankAccessesMethods,
  schemas: { query: bankAccessesQuerySchema, data: bankAccessDataSchema, patch: bankAccessPatchSchema },
  abilities: { find: companyRule(['adm', 'ban']), create: companyRule(['adm', 'ban']), patch: companyRule(['adm', 'ban']) },
  events: 'company',
})
