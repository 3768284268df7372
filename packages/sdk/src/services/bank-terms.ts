import { Type, type Static } from '@feathersjs/typebox'
import { companyNoSchema, type Creates, type Finds, type Removes } from './common'
import { companyRule, defineService } from './descriptor'

/** Path of the bank-connection provider's terms per company: read, accept, withdraw (docs/banking.md). */
export const bankTermsPath = 'bank-terms'

/** Methods of bank-terms. */
export const bankTermsMethods = ['find', 'create', 'remove'] as const

/** bank-terms.find: the company's standing acceptance. */
export const bankTermsQuerySchema = Type.Object({ client: companyNoSchema }, { $id: 'BankTermsQuery', additionalProperties: false })

/** Query of bank-terms.find. */
export type BankTermsQuery = Static<typeof bankTermsQuerySchema>

/** bank-terms.create: accept the version shown, in the language it was shown in. */
export const bankTermsDataSchema = Type.Object(
  { client: companyNoSchema, version: Type.String({ minLength: 1, maxLength: 20 }), language: Type.Union([Type.Literal('en'), Type.Literal('de')]) },
  { $id: 'BankTermsData', additionalProperties: false },
)

/** Data of bank-terms.create. */
export type BankTermsData = Static<typeof bankTermsDataSchema>

/** The terms a company must accept and its acceptance (null: none standing). */
export interface BankTermsRecord {
  company_no: number
  current_version: string
  accepted: { id: number; version: string; language: string; accepted_by_name: string | null; accepted_at: string } | null
}

/** Typed client view of bank-terms; remove takes the company number and withdraws. */
export type BankTermsClientService = Finds<BankTermsQuery, BankTermsRecord> & Creates<BankTermsRecord, BankTermsData> & Removes<BankTermsRecord>

/** The terms service: adm or ban of the company (SPEC §6). Withdrawing revokes every access of the company. */
export const bankTermsDescriptor = defineService<BankTermsClientService>()({
  path: bankTermsPath,
  methods: bankTermsMethods,
  schemas: { query: bankTermsQuerySchema, data: bankTermsDataSchema },
  abilities: { find: companyRule(['adm', 'ban']), create: companyRule(['adm', 'ban']), remove: companyRule(['adm', 'ban']) },
  events: 'company',
})
