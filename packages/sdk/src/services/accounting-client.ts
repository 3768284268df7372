import { Type, type Static } from '@feathersjs/typebox'
import type { Finds } from './common'
import { companyRule, defineService } from './descriptor'

/** Path of the service listing the caller's client companies (SPEC §7). */
export const accountingClientPath = 'accounting-client'

/** Methods the accounting-client service offers. */
export const accountingClientMethods = ['find'] as const

/** A client company as the company picker shows it (SPEC §3). */
export const accountingClientSchema = Type.Object(
  {
    company_no: Type.Integer(),
    company_name: Type.String(),
    company_place: Type.String(),
    current_accounting: Type.Integer(),
  },
  { $id: 'AccountingClient', additionalProperties: false },
)

/** A client company. */
export type AccountingClient = Static<typeof accountingClientSchema>

/** accounting-client.find takes no query: it answers every company the caller may see, by number. */
export const accountingClientQuerySchema = Type.Object({}, { $id: 'AccountingClientQuery', additionalProperties: false })

/** Query of accounting-client.find. */
export type AccountingClientQuery = Static<typeof accountingClientQuerySchema>

/** Typed client view: find answers a plain list sorted by company number. */
export type AccountingClientClientService = Finds<AccountingClientQuery, AccountingClient[]>

/** The accounting-client service: the caller's companies (its find is narrowed to them); no events. */
export const accountingClientDescriptor = defineService<AccountingClientClientService>()({
  path: accountingClientPath,
  methods: accountingClientMethods,
  schemas: { query: accountingClientQuerySchema, result: accountingClientSchema },
  abilities: { find: companyRule() },
  events: 'none',
})
