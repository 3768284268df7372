import { Type, type Static } from '@feathersjs/typebox'
import { accountSystemSchema, companyNoSchema, type Finds } from './common'
import { companyRule, defineService } from './descriptor'

/** Path of the expense-account service (SPEC §7: find with query client, acc). */
export const accExpAccPath = 'acc-exp-acc'

/** Methods the acc-exp-acc service offers. */
export const accExpAccMethods = ['find'] as const

/**
 * An expense account (SPEC §3: company is the account-system id). Rows with company_no and accounting null
 * belong to the default list every company sees; the others to one company and accounting period.
 */
export const expenseAccountSchema = Type.Object(
  {
    id: Type.Integer(),
    company: Type.String(),
    company_no: Type.Union([Type.Integer(), Type.Null()]),
    accounting: Type.Union([Type.Integer(), Type.Null()]),
    account: Type.Integer(),
    name: Type.String(),
    tax_code: Type.Union([Type.String(), Type.Null()]),
  },
  { $id: 'ExpenseAccount', additionalProperties: false },
)

/** An expense account. */
export type ExpenseAccount = Static<typeof expenseAccountSchema>

/** acc-exp-acc.find: the default list plus the company's own accounts. */
export const accExpAccQuerySchema = Type.Object(
  { client: companyNoSchema, acc: accountSystemSchema },
  { $id: 'AccExpAccQuery', additionalProperties: false },
)

/** Query of acc-exp-acc.find. */
export type AccExpAccQuery = Static<typeof accExpAccQuerySchema>

/** Typed client view: find answers a plain list ordered by account number. */
export type AccExpAccClientService = Finds<AccExpAccQuery, ExpenseAccount[]>

/** The acc-exp-acc service: the expense accounts a company may book on; read with the company, no events. */
export const accExpAccDescriptor = defineService<AccExpAccClientService>()({
  path: accExpAccPath,
  methods: accExpAccMethods,
  schemas: { query: accExpAccQuerySchema, result: expenseAccountSchema },
  abilities: { find: companyRule() },
  events: 'none',
})
