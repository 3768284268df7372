import { Type, type Static } from '@feathersjs/typebox'
import { companyNoSchema, type QueryParams } from './common'
import type { DocumentTypeName } from './documents-common'
import { companyRule, defineService } from './descriptor'

/** Path of the invoice-counts service: how many documents each view of a company holds, in one call. */
export const invoiceCountsPath = 'invoice-counts'

/** Methods the invoice-counts service offers. */
export const invoiceCountsMethods = ['find'] as const

/** invoice-counts.find: the counts of one company's views. */
export const invoiceCountsQuerySchema = Type.Object(
  { client_no: companyNoSchema },
  { $id: 'InvoiceCountsQuery', additionalProperties: false },
)

/** Query of invoice-counts.find. */
export type InvoiceCountsQuery = Static<typeof invoiceCountsQuerySchema>

/** Other documents of one month (YYYY-MM of the invoice date, else of the upload), newest month first. */
export interface MonthCount {
  month: string
  total: number
}

/**
 * The answer: the number of documents per view, as aggregator.find's `total` would give it (documents still in the
 * editor left out). A view the caller may not list (AR_U, AR without `lar`) is null, and so is FullText (a search,
 * not a set). `months` groups the Other documents by month.
 */
export interface InvoiceCounts {
  client_no: number
  views: Record<DocumentTypeName, number | null>
  months: MonthCount[]
}

/** Typed client view: find answers the counts (not a page). Re-read them on aggregator events. */
export interface InvoiceCountsClientService {
  find(params: QueryParams<InvoiceCountsQuery>): Promise<InvoiceCounts>
}

/** The invoice-counts service: read with the company (no permission: the Accounting screen needs none); no events. */
export const invoiceCountsDescriptor = defineService<InvoiceCountsClientService>()({
  path: invoiceCountsPath,
  methods: invoiceCountsMethods,
  schemas: { query: invoiceCountsQuerySchema },
  abilities: { find: companyRule() },
  events: 'none',
})
