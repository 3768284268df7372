import { Type, type Static } from '@feathersjs/typebox'
import { companyNoSchema, pageSchemas, selectSchema, sortSchema, type Page, type Finds } from './common'
import { documentSummaryFields, documentSummarySchema, documentTypeNameSchema, type DocumentSummary } from './documents-common'
import { companyRule, defineService } from './descriptor'

/** Path of the aggregator service: a company's documents by type (SPEC §7; its count is the invoice badge). */
export const aggregatorPath = 'aggregator'

/** Methods the aggregator service offers. */
export const aggregatorMethods = ['find'] as const

/**
 * aggregator.find, e.g. {client_no, aggregated: true, type: 'ER_U', fullText: null, $select: ['id']}:
 * the company's documents of that type whose aggregation is (or is not) done; fullText searches the text.
 */
export const aggregatorQuerySchema = Type.Object(
  {
    client_no: companyNoSchema,
    type: documentTypeNameSchema,
    aggregated: Type.Optional(Type.Boolean()),
    fullText: Type.Optional(Type.Union([Type.String({ minLength: 1, maxLength: 200 }), Type.Null()])),
    ...pageSchemas,
    $sort: sortSchema(documentSummaryFields),
    $select: selectSchema(documentSummaryFields),
  },
  { $id: 'AggregatorQuery', additionalProperties: false },
)

/** Query of aggregator.find. */
export type AggregatorQuery = Static<typeof aggregatorQuerySchema>

/** Typed client view: find answers a page; `total` is the badge count. With $select only those fields come back. */
export type AggregatorClientService = Finds<AggregatorQuery, Page<Partial<DocumentSummary>>>

/** The aggregator service: read with the company; the documents model emits its events (badge counts), to the company. */
export const aggregatorDescriptor = defineService<AggregatorClientService>()({
  path: aggregatorPath,
  methods: aggregatorMethods,
  schemas: { query: aggregatorQuerySchema, result: documentSummarySchema },
  abilities: { find: companyRule() },
  events: 'company',
})
