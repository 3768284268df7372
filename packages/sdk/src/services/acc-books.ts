import { Type, type Static } from '@feathersjs/typebox'
import { accountingListSchema, companyNoSchema, type Finds } from './common'
import { companyRule, defineService } from './descriptor'

/** Path of the books service (SPEC §7: find with query client, accountings). */
export const accBooksPath = 'acc-books'

/** Methods the acc-books service offers. */
export const accBooksMethods = ['find'] as const

/** A book (journal) of a company in one accounting period, e.g. ER, AR, KA, Bank. */
export const bookSchema = Type.Object(
  {
    id: Type.Integer(),
    company_no: Type.Integer(),
    accounting: Type.Integer(),
    code: Type.String(),
    name: Type.String(),
  },
  { $id: 'Book', additionalProperties: false },
)

/** A book. */
export type Book = Static<typeof bookSchema>

/** acc-books.find: one company's books of the listed accounting periods. */
export const accBooksQuerySchema = Type.Object(
  // Without accountings: those of every accounting period of the company (what acc-periods answers), so a company's
  // master data loads in one wave instead of waiting for its periods first.
  { client: companyNoSchema, accountings: Type.Optional(accountingListSchema) },
  { $id: 'AccBooksQuery', additionalProperties: false },
)

/** Query of acc-books.find. */
export type AccBooksQuery = Static<typeof accBooksQuerySchema>

/** Typed client view: find answers a plain list ordered by accounting and code. */
export type AccBooksClientService = Finds<AccBooksQuery, Book[]>

/** The acc-books service: a company's books (SPEC §7); read with the company, no events. */
export const accBooksDescriptor = defineService<AccBooksClientService>()({
  path: accBooksPath,
  methods: accBooksMethods,
  schemas: { query: accBooksQuerySchema, result: bookSchema },
  abilities: { find: companyRule() },
  events: 'none',
})
