import { Type, type Static } from '@feathersjs/typebox'
import { companyNoSchema, dateSchema, pageSchemas, selectSchema, sortSchema, type Page, type Finds } from './common'
import { documentSummaryFields, documentSummarySchema, documentTypeNameSchema, type DocumentSummary } from './documents-common'
import { PROCESSING_STATES } from '../domain/processing'
import { APPROVAL_STATES, type ApprovalState } from '../domain/approvals'
import { documentRecordRequires } from '../domain/review'
import { companyRule, defineService } from './descriptor'

/** Path of the aggregator service: a company's documents by type (SPEC §7; its count is the invoice badge). */
export const aggregatorPath = 'aggregator'

/** Methods the aggregator service offers. */
export const aggregatorMethods = ['find'] as const

/** A decimal amount as a filter takes it: 1234.56 (a dot, at most two decimals). */
export const amountFilterSchema = Type.String({ pattern: '^-?\\d{1,13}(\\.\\d{1,2})?$', maxLength: 17 })

/** A status bit mask (DocumentStatus flags or-ed together). */
export const statusMaskSchema = Type.Integer({ minimum: 1, maximum: 65535 })

/**
 * aggregator.find, e.g. {client_no, aggregated: true, type: 'ER_U', fullText: null, $select: ['id']}:
 * the company's documents of that view (SPEC §7, the badge query) whose aggregation is (or is not) done; fullText
 * searches the text. The invoice lists add filters: invoice date range (date_from/date_to, YYYY-MM-DD, inclusive),
 * the other party's name (party: contains, case ignored), gross amount range (amount_min/amount_max, inclusive),
 * status flags that must all be set (status_has) or all be clear (status_lacks), the month of Other documents
 * (month: YYYY-MM of the invoice date, else of the upload), the processing state and the approval state of an incoming
 * invoice (approval; docs/payments.md). Sort by any summary field.
 * The outgoing views (AR_U, AR) need `lar` (viewPermissions); a caller without it is refused (403).
 */
export const aggregatorQuerySchema = Type.Object(
  {
    client_no: companyNoSchema,
    type: documentTypeNameSchema,
    aggregated: Type.Optional(Type.Boolean()),
    fullText: Type.Optional(Type.Union([Type.String({ minLength: 1, maxLength: 200 }), Type.Null()])),
    date_from: Type.Optional(dateSchema),
    date_to: Type.Optional(dateSchema),
    party: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
    amount_min: Type.Optional(amountFilterSchema),
    amount_max: Type.Optional(amountFilterSchema),
    status_has: Type.Optional(statusMaskSchema),
    status_lacks: Type.Optional(statusMaskSchema),
    month: Type.Optional(Type.String({ pattern: '^\\d{4}-(0[1-9]|1[0-2])$' })),
    processing_state: Type.Optional(Type.Union(PROCESSING_STATES.map((state) => Type.Literal(state)))),
    approval: Type.Optional(Type.Unsafe<ApprovalState>({ type: 'string', enum: [...APPROVAL_STATES] })),
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

/**
 * The aggregator service: read with the company (and `lar` for the outgoing views); the documents model emits its
 * events (badge counts, the lists follow them), to the company.
 */
export const aggregatorDescriptor = defineService<AggregatorClientService>()({
  path: aggregatorPath,
  methods: aggregatorMethods,
  schemas: { query: aggregatorQuerySchema, result: documentSummarySchema },
  abilities: { find: companyRule() },
  events: 'company',
  // An outgoing invoice reaches only those with lar (SPEC §6), as its calls do.
  recordRequires: documentRecordRequires,
})
