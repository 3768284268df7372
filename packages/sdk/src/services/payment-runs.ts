import { Type, type Static } from '@feathersjs/typebox'
import { PAIN_VERSIONS, RUN_GROUPINGS, RUN_STATUSES, type PainVersion, type RunGrouping, type RunStatus } from '../domain/index'
import { MAX_INTEGER, companyNoSchema, dateSchema, type Creates, type Finds, type Gets, type Patches } from './common'
import { companyRule, defineService } from './descriptor'

/** Path of the payment runs (docs/payments.md). */
export const paymentRunsPath = 'payment-runs'

/** Methods of payment-runs. */
export const paymentRunsMethods = ['find', 'get', 'create', 'patch'] as const

/** The HTTP door of a run's pain.001 file (bearer sign-in). */
export const paymentRunHttpPaths = { file: (id: number | string) => `/api/payment-runs/${id}/file` } as const

const id = Type.Integer({ minimum: 1, maximum: MAX_INTEGER })
const amount = Type.String({ minLength: 1, maxLength: 16, pattern: '^\\d{1,12}(\\.\\d{1,2})?$' })

/** payment-runs.find: a company's runs, newest first. */
export const paymentRunsQuerySchema = Type.Object(
  { client: companyNoSchema, status: Type.Optional(Type.Unsafe<RunStatus>({ type: 'string', enum: [...RUN_STATUSES] })) },
  { $id: 'PaymentRunsQuery', additionalProperties: false },
)

/** Query of payment-runs.find. */
export type PaymentRunsQuery = Static<typeof paymentRunsQuerySchema>

/**
 * payment-runs.create: approved open items (unpaid-items ids of side ER) paid on `execution_date`; a part payment
 * names its amount, credit notes (booking ids) are set off against the same supplier.
 */
export const paymentRunDataSchema = Type.Object(
  {
    company_no: companyNoSchema,
    open_item_ids: Type.Array(id, { minItems: 1, maxItems: 5000, uniqueItems: true }),
    execution_date: dateSchema,
    grouping: Type.Optional(Type.Unsafe<RunGrouping>({ type: 'string', enum: [...RUN_GROUPINGS] })),
    pain_version: Type.Optional(Type.Unsafe<PainVersion>({ type: 'string', enum: [...PAIN_VERSIONS] })),
    part_amounts: Type.Optional(Type.Array(Type.Object({ id, amount }, { additionalProperties: false }), { maxItems: 5000 })),
    credit_note_ids: Type.Optional(Type.Array(id, { maxItems: 5000, uniqueItems: true })),
  },
  { $id: 'PaymentRunData', additionalProperties: false },
)

/** Data of payment-runs.create. */
export type PaymentRunData = Static<typeof paymentRunDataSchema>

/** payment-runs.patch: release (a second person, when the company asks for it), mark sent, or cancel. */
export const paymentRunPatchSchema = Type.Object(
  { action: Type.Union([Type.Literal('release'), Type.Literal('sent'), Type.Literal('cancel')]) },
  { $id: 'PaymentRunPatch', additionalProperties: false },
)

/** Data of payment-runs.patch. */
export type PaymentRunPatch = Static<typeof paymentRunPatchSchema>

/** One invoice (or credit note, negative) of a run. */
export interface PaymentRunItem {
  booking_id: number
  document_id: number
  account: number
  document_number: string | null
  creditor_name: string
  creditor_iban: string
  amount: string
  discount: string
  end_to_end_id: string
}

/** A payment run: `count` invoices, `total` in EUR ('1234.50'), its file kept as written. */
export interface PaymentRunRecord {
  id: number
  company_no: number
  status: RunStatus
  pain_version: PainVersion
  grouping: RunGrouping
  execution_date: string
  debtor_name: string
  debtor_iban: string
  debtor_bic: string | null
  message_id: string
  count: number
  transactions: number
  total: string
  release_required: boolean
  file_name: string
  file_sha256: string
  created_by_name: string | null
  created_at: string
  released_by_name: string | null
  released_at: string | null
  sent_by_name: string | null
  sent_at: string | null
  items: PaymentRunItem[]
}

/** Typed client view of payment-runs. */
export type PaymentRunsClientService = Finds<PaymentRunsQuery, PaymentRunRecord[]> &
  Gets<PaymentRunRecord> &
  Creates<PaymentRunRecord, PaymentRunData> &
  Patches<PaymentRunRecord, PaymentRunPatch>

/**
 * Payment runs: SPEC §6's `pay` ("create payment QR codes": instructing the bank to pay a supplier invoice) with the
 * company, for every method; the second person's release is another holder of `pay`. Audited.
 */
export const paymentRunsDescriptor = defineService<PaymentRunsClientService>()({
  path: paymentRunsPath,
  methods: paymentRunsMethods,
  schemas: { query: paymentRunsQuerySchema, data: paymentRunDataSchema, patch: paymentRunPatchSchema },
  abilities: { find: companyRule(['pay']), get: companyRule(['pay']), create: companyRule(['pay']), patch: companyRule(['pay']) },
  events: 'company',
})

/** Path of the portal's proposal for a run. */
export const paymentProposalsPath = 'payment-proposals'

/** Methods of payment-proposals. */
export const paymentProposalsMethods = ['find'] as const

/** payment-proposals.find: what to pay on `execution_date` (due within `days`, open discounts first). */
export const paymentProposalsQuerySchema = Type.Object(
  { client: companyNoSchema, execution_date: dateSchema, days: Type.Optional(Type.Integer({ minimum: 0, maximum: 366 })) },
  { $id: 'PaymentProposalsQuery', additionalProperties: false },
)

/** Query of payment-proposals.find. */
export type PaymentProposalsQuery = Static<typeof paymentProposalsQuerySchema>

/** One proposed item: the unpaid item's id, what to pay and the discount it takes. */
export interface ProposedPayment {
  id: number
  account: number
  partner_name: string | null
  document_number: string | null
  due_date: string
  discount_due_date: string | null
  open: string
  amount: string
  discount: string
  has_iban: boolean
}

/** A supplier's credit note that can be set off in a run paying that supplier. */
export interface OpenCreditNote {
  id: number
  account: number
  partner_name: string | null
  document_number: string | null
  amount: string
}

/** The proposal: the items in order (open discounts first), the credit notes, and the total. */
export interface PaymentProposal {
  company_no: number
  execution_date: string
  days: number
  items: ProposedPayment[]
  credit_notes: OpenCreditNote[]
  total: string
}

/** Typed client view of payment-proposals. */
export type PaymentProposalsClientService = Finds<PaymentProposalsQuery, PaymentProposal>

/** The proposal: `pay` and the company; it changes nothing. */
export const paymentProposalsDescriptor = defineService<PaymentProposalsClientService>()({
  path: paymentProposalsPath,
  methods: paymentProposalsMethods,
  schemas: { query: paymentProposalsQuerySchema },
  abilities: { find: companyRule(['pay']) },
  events: 'none',
})
