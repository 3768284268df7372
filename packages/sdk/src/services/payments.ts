import { Type, type Static } from '@feathersjs/typebox'
import { PAYMENT_METHODS, type PaymentMethod } from '../domain/index'
import { MAX_INTEGER, companyNoSchema, dateSchema, type Creates, type Finds, type Removes } from './common'
import { companyRule, defineService } from './descriptor'

/** Path of the payments of booked invoices: marking an unpaid item paid or partly paid, and undoing it. */
export const paymentsPath = 'payments'

/** Methods of payments. */
export const paymentsMethods = ['find', 'create', 'remove'] as const

/** payments.find: the payments of one company's booking (undone ones included, marked). */
export const paymentsQuerySchema = Type.Object(
  { client: companyNoSchema, booking_id: Type.Integer({ minimum: 1, maximum: MAX_INTEGER }) },
  { $id: 'PaymentsQuery', additionalProperties: false },
)

/** Query of payments.find. */
export type PaymentsQuery = Static<typeof paymentsQuerySchema>

/** payments.create: a payment of an open item on a date, with an amount and a method of SPEC §3. */
export const paymentDataSchema = Type.Object(
  {
    booking_id: Type.Integer({ minimum: 1, maximum: MAX_INTEGER }),
    paid_on: dateSchema,
    amount: Type.String({ minLength: 1, maxLength: 20 }),
    method: Type.Unsafe<PaymentMethod>({ type: 'string', enum: [...PAYMENT_METHODS] }),
  },
  { $id: 'PaymentData', additionalProperties: false },
)

/** Data of payments.create. */
export type PaymentData = Static<typeof paymentDataSchema>

/** A payment record; `discount` is the Skonto it earned, `undone_at` set once it was undone. */
export interface PaymentRecord {
  id: number
  booking_id: number
  company_no: number
  paid_on: string
  amount: string
  discount: string
  method: PaymentMethod
  source: 'manual' | 'bank'
  created_by_name: string | null
  created_at: string
  undone_at: string | null
}

/** Typed client view of payments. */
export type PaymentsClientService = Finds<PaymentsQuery, PaymentRecord[]> & Creates<PaymentRecord, PaymentData> & Removes<PaymentRecord>

/**
 * The payments service. Marking paid needs `rep` (SPEC §6: rep is "reports menu and unpaid items"; the unpaid items
 * are where payments are marked) and the company; `remove` undoes a payment (kept, marked undone).
 */
export const paymentsDescriptor = defineService<PaymentsClientService>()({
  path: paymentsPath,
  methods: paymentsMethods,
  schemas: { query: paymentsQuerySchema, data: paymentDataSchema },
  abilities: { find: companyRule(['rep']), create: companyRule(['rep']), remove: companyRule(['rep']) },
  events: 'company',
})
