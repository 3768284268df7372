import { Type, type Static } from '@feathersjs/typebox'
import { accountSystemSchema, companyNoSchema, type Finds } from './common'
import { companyRule, defineService } from './descriptor'

/** Path of the accounting-periods service (SPEC §7: find with query client, acc). */
export const accPeriodsPath = 'acc-periods'

/** Methods the acc-periods service offers. */
export const accPeriodsMethods = ['find'] as const

/** An accounting period of a company (SPEC §3: accounting), with its date range. */
export const accPeriodSchema = Type.Object(
  {
    company_no: Type.Integer(),
    accounting: Type.Integer(),
    start_date: Type.String({ format: 'date' }),
    end_date: Type.String({ format: 'date' }),
  },
  { $id: 'AccPeriod', additionalProperties: false },
)

/** An accounting period. */
export type AccPeriod = Static<typeof accPeriodSchema>

/** acc-periods.find: one company's periods in one accounting system. */
export const accPeriodsQuerySchema = Type.Object(
  { client: companyNoSchema, acc: accountSystemSchema },
  { $id: 'AccPeriodsQuery', additionalProperties: false },
)

/** Query of acc-periods.find. */
export type AccPeriodsQuery = Static<typeof accPeriodsQuerySchema>

/** Typed client view: find answers a plain list, newest period first. */
export type AccPeriodsClientService = Finds<AccPeriodsQuery, AccPeriod[]>

/** The acc-periods service: a company's accounting periods; read with the company, no events. */
export const accPeriodsDescriptor = defineService<AccPeriodsClientService>()({
  path: accPeriodsPath,
  methods: accPeriodsMethods,
  schemas: { query: accPeriodsQuerySchema, result: accPeriodSchema },
  abilities: { find: companyRule() },
  events: 'none',
})
