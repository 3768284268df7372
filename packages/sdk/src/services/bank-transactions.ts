import { Type, type Static } from '@feathersjs/typebox'
import { MAX_INTEGER, companyNoSchema, dateSchema, pageSchemas, type Finds, type Page } from './common'
import { amountText, type BankTransactionRecord } from './bank-common'
import { companyRule, defineService } from './descriptor'

/** Path of a company's bank movements with their matches and proposals. */
export const bankTransactionsPath = 'bank-transactions'

/** Methods of bank-transactions. */
export const bankTransactionsMethods = ['find'] as const

/** bank-transactions.find: one account's (or all) movements, newest first, by search, date and amount range. */
export const bankTransactionsQuerySchema = Type.Object(
  {
    client: companyNoSchema,
    access_id: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_INTEGER })),
    search: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
    from: Type.Optional(dateSchema),
    to: Type.Optional(dateSchema),
    min: Type.Optional(amountText()),
    max: Type.Optional(amountText()),
    /** Only movements waiting for a click (proposals, no match). */
    unmatched: Type.Optional(Type.Boolean()),
    ...pageSchemas,
  },
  { $id: 'BankTransactionsQuery', additionalProperties: false },
)

/** Query of bank-transactions.find. */
export type BankTransactionsQuery = Static<typeof bankTransactionsQuerySchema>

/** A page of movements with the account's balance over time (each booking day's last balance, oldest first). */
export interface BankTransactionsPage extends Page<BankTransactionRecord> {
  balances: { date: string; balance: string }[]
}

/** Typed client view of bank-transactions. */
export type BankTransactionsClientService = Finds<BankTransactionsQuery, BankTransactionsPage>

/** Bank movements: adm or ban of the company. */
export const bankTransactionsDescriptor = defineService<BankTransactionsClientService>()({
  path: bankTransactionsPath,
  methods: bankTransactionsMethods,
  schemas: { query: bankTransactionsQuerySchema },
  abilities: { find: companyRule(['adm', 'ban']) },
  events: 'company',
})
