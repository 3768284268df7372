import { Type, type Static } from '@feathersjs/typebox'
import { accountingListSchema, companyNoSchema, type Finds } from './common'
import { companyRule, defineService } from './descriptor'

/** Path of the cost-centre service (SPEC §7: find with query client, accountings). */
export const accCostPath = 'acc-cost'

/** Methods the acc-cost service offers. */
export const accCostMethods = ['find'] as const

/** A cost centre of a company in one accounting period. */
export const costCenterSchema = Type.Object(
  {
    id: Type.Integer(),
    company_no: Type.Integer(),
    accounting: Type.Integer(),
    code: Type.String(),
    name: Type.String(),
  },
  { $id: 'CostCenter', additionalProperties: false },
)

/** A cost centre. */
export type CostCenter = Static<typeof costCenterSchema>

/** acc-cost.find: one company's cost centres of the listed accounting periods. */
export const accCostQuerySchema = Type.Object(
  // Without accountings: those of every accounting period of the company (what acc-periods answers), so a company's
  // master data loads in one wave instead of waiting for its periods first.
  { client: companyNoSchema, accountings: Type.Optional(accountingListSchema) },
  { $id: 'AccCostQuery', additionalProperties: false },
)

/** Query of acc-cost.find. */
export type AccCostQuery = Static<typeof accCostQuerySchema>

/** Typed client view: find answers a plain list ordered by accounting and code. */
export type AccCostClientService = Finds<AccCostQuery, CostCenter[]>

/** The acc-cost service: a company's cost centres; read with the company, no events. */
export const accCostDescriptor = defineService<AccCostClientService>()({
  path: accCostPath,
  methods: accCostMethods,
  schemas: { query: accCostQuerySchema, result: costCenterSchema },
  abilities: { find: companyRule() },
  events: 'none',
})
