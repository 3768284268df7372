import { Type, type Static } from '@feathersjs/typebox'
import { AGEING_BUCKETS, APPROVAL_STATES, OPEN_ITEM_SIDES, kindPermissions, type AgeingBucket, type ApprovalState, type OpenItemSide } from '../domain/index'
import { MAX_INTEGER, companyNoSchema, dateSchema, pageSchemas, sortSchema, type Finds, type Page } from './common'
import { companyRule, defineService } from './descriptor'

/** Path of the unpaid items: a company's booked invoices not yet (fully) paid (docs/unpaid-items.md). */
export const unpaidItemsPath = 'unpaid-items'

/** Methods of unpaid-items. */
export const unpaidItemsMethods = ['find'] as const

const enumOf = <T extends string>(values: readonly T[]) => Type.Unsafe<T>({ type: 'string', enum: [...values] })

/** Fields unpaid-items.find may sort on. */
export const unpaidItemSortFields = ['due_date', 'document_date', 'open', 'overdue', 'partner_name', 'discount_due_date'] as const

/** One sortable field. */
export type UnpaidItemSortField = (typeof unpaidItemSortFields)[number]

/**
 * unpaid-items.find: one side (ER what the company owes, AR what it is owed) of one company, narrowed by a search
 * (partner, document number), an ageing bucket, a partner account or upcoming discount deadlines; `today` (a date)
 * fixes the day ageing and discounts are counted on (default: the server's today).
 */
export const unpaidItemsQuerySchema = Type.Object(
  {
    client: companyNoSchema,
    side: enumOf<OpenItemSide>(OPEN_ITEM_SIDES),
    search: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
    bucket: Type.Optional(enumOf<AgeingBucket>(AGEING_BUCKETS)),
    account: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_INTEGER })),
    discountSoon: Type.Optional(Type.Boolean()),
    approval: Type.Optional(enumOf<ApprovalState>(APPROVAL_STATES)),
    today: Type.Optional(dateSchema),
    ...pageSchemas,
    $sort: sortSchema(unpaidItemSortFields),
  },
  { $id: 'UnpaidItemsQuery', additionalProperties: false },
)

/** Query of unpaid-items.find. */
export type UnpaidItemsQuery = Static<typeof unpaidItemsQuerySchema>

/** An open item: a standing booking of an invoice less its payments. Amounts are decimal strings ('1200.00'). */
export interface UnpaidItem {
  /** The booking's id (payments and payment codes name it). */
  id: number
  company_no: number
  document_id: number
  side: OpenItemSide
  account: number
  partner_name: string | null
  document_number: string | null
  document_date: string
  due_date: string
  discount_percent: string | null
  discount_due_date: string | null
  currency: string
  gross: string
  paid: string
  open: string
  /** The discount while it applies (else '0.00') and whether its deadline is near. */
  discount: string
  discount_applies: boolean
  discount_soon: boolean
  overdue: number
  bucket: AgeingBucket
  state: 'open' | 'partlyPaid'
  /** The invoice's approval state (docs/payments.md). */
  approval: ApprovalState
  /** The payment run that holds the item ("in payment"), or null. */
  in_run: number | null
}

/** Open amounts per ageing bucket and in all ('123.45'). */
export type BucketTotals = Record<AgeingBucket | 'total', string>

/** One partner's totals. */
export interface PartnerTotals {
  account: number
  partner_name: string | null
  items: number
  totals: BucketTotals
}

/** The answer of unpaid-items.find: a page of items, and the totals of every item the filter matches. */
export interface UnpaidItemsPage extends Page<UnpaidItem> {
  totals: BucketTotals
  partners: PartnerTotals[]
  today: string
}

/** Typed client view of unpaid-items. */
export type UnpaidItemsClientService = Finds<UnpaidItemsQuery, UnpaidItemsPage>

/**
 * The unpaid-items service: read with `rep` and the company, what it is owed (AR, its outgoing invoices) also with
 * `lar` as every list of outgoing invoices; `patched`/`removed` go to the company's people who may read that side.
 */
export const unpaidItemsDescriptor = defineService<UnpaidItemsClientService>()({
  path: unpaidItemsPath,
  methods: unpaidItemsMethods,
  schemas: { query: unpaidItemsQuerySchema },
  abilities: { find: companyRule(['rep']) },
  events: 'company',
  recordRequires: (record) => kindPermissions((record as { side?: unknown } | null)?.side),
})
