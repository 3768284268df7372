import { Type, type Static } from '@feathersjs/typebox'
import { MAX_INTEGER, multiLineText, type Creates, type Gets, type Patches } from './common'
import { documentVersionSchema } from './document-labels'
import { SETTLEMENT_KINDS, type SettlementKind } from '../domain/review'
import { TAX_CODE_VALUES } from '../domain/taxCodes'
import { companyRule, defineService } from './descriptor'

/** Path of the document-bookings service: book a confirmed document, read its booking and suggestions, reverse it. */
export const documentBookingsPath = 'document-bookings'

/** Methods the document-bookings service offers. */
export const documentBookingsMethods = ['get', 'create', 'patch'] as const

const amountSchema = Type.String({ pattern: '^-?\\d{1,13}(\\.\\d{1,2})?$', maxLength: 17 })
const textSchema = (maxLength: number) => Type.String({ minLength: 1, maxLength })

/** One tax line as entered: the tax code and the amount, net or gross by the company's "use gross amounts". */
export const bookingLineInputSchema = Type.Object(
  {
    taxCode: Type.Unsafe<string>({ type: 'string', enum: [...TAX_CODE_VALUES] }),
    amount: amountSchema,
  },
  { $id: 'BookingLineInput', additionalProperties: false },
)

/**
 * document-bookings.create: book a confirmed document as it stood at `version` (permission acc). Every value becomes a
 * Human_Booking 13 candidate, a row of the append-only bookings table is written with the company's next booking
 * number, the document gets the Booked flag and is unalterable from then on. Refusals change nothing:
 * 409 booking:refusal.notConfirmed, 409 documents:bookedCannotChange, 409 documents:staleVersion,
 * 400 booking:rule.* naming `params.field` and `params.rule` (lines that do not sum to the totals, a code of the wrong
 * side, a taxed code for a small business, a supplier account on an outgoing invoice, a closed period …; every issue
 * in `params.issues`), 400 errors:account.notFound (account, counter account), 400 booking:rule.costCenterUnknown,
 * booking:rule.bookUnknown.
 */
export const documentBookingDataSchema = Type.Object(
  {
    document_id: Type.Integer({ minimum: 1, maximum: MAX_INTEGER }),
    version: documentVersionSchema,
    /** The supplier's or customer's account (Personenkonto). */
    account: Type.Integer({ minimum: 1, maximum: 999999999 }),
    /** The expense or revenue account (Sachkonto, Gegenkonto). */
    counter_account: Type.Integer({ minimum: 1, maximum: 999999999 }),
    cost_center: Type.Optional(textSchema(32)),
    /** YYYY-MM, inside one of the company's open accounting periods. */
    period: Type.String({ pattern: '^\\d{4}-(0[1-9]|1[0-2])$' }),
    /** A book of acc-books (ER, AR, KA, …); default the document's kind. */
    book: Type.Optional(textSchema(16)),
    text: Type.Optional(textSchema(200)),
    lines: Type.Array(bookingLineInputSchema, { minItems: 1, maxItems: 20 }),
    business_lunch: Type.Optional(Type.Boolean()),
    business_lunch_reason: Type.Optional(textSchema(200)),
    business_lunch_participants: Type.Optional(textSchema(500)),
    settlement_kind: Type.Optional(Type.Unsafe<SettlementKind>({ type: 'string', enum: [...SETTLEMENT_KINDS] })),
    /** The earlier down payments a final settlement deducts. */
    deducted: Type.Optional(amountSchema),
  },
  { $id: 'DocumentBookingData', additionalProperties: false },
)

/** Data of document-bookings.create. */
export type DocumentBookingData = Static<typeof documentBookingDataSchema>

/**
 * document-bookings.patch(documentId, {version, reason}): reverse the document's booking (Storno). A reversal row with
 * every amount negated is appended, the Booked flag is cleared and the reversal with its reason goes to the document's
 * history; the document is then correctable and may be booked again. 409 booking:refusal.notBooked when it is not
 * booked, 409 documents:staleVersion.
 */
export const documentBookingPatchSchema = Type.Object(
  { version: documentVersionSchema, reason: multiLineText({ minLength: 3, maxLength: 500, pattern: '\\S' }) },
  { $id: 'DocumentBookingPatch', additionalProperties: false },
)

/** Data of document-bookings.patch (a reversal). */
export type DocumentBookingPatch = Static<typeof documentBookingPatchSchema>

/** A booked tax line: decimals with two places; self-assessed codes have gross = net and the computed tax. */
export const bookedLineSchema = Type.Object(
  { taxCode: Type.String(), rate: Type.String(), net: Type.String(), tax: Type.String(), gross: Type.String() },
  { $id: 'BookedLine', additionalProperties: false },
)

const nullable = <T extends ReturnType<typeof Type.String>>(schema: T) => Type.Union([schema, Type.Null()])

/** One row of the bookings table: a booking or its reversal. */
export const bookingRecordSchema = Type.Object(
  {
    id: Type.Integer(),
    document_id: Type.Integer(),
    company_no: Type.Integer(),
    booking_no: Type.Integer(),
    kind: Type.Union([Type.Literal('booking'), Type.Literal('reversal')]),
    reverses_booking_id: Type.Union([Type.Integer(), Type.Null()]),
    document_type: Type.String(),
    account: Type.Integer(),
    counter_account: Type.Integer(),
    cost_center: nullable(Type.String()),
    period: Type.String(),
    book: nullable(Type.String()),
    document_number: nullable(Type.String()),
    document_date: Type.String(),
    booking_date: Type.String(),
    /** When the invoice is due, and its Skonto (rate in percent, the last day it applies), as read and confirmed. */
    due_date: nullable(Type.String()),
    discount_percent: nullable(Type.String()),
    discount_due_date: nullable(Type.String()),
    currency: Type.String(),
    text: nullable(Type.String()),
    gross: Type.String(),
    lines: Type.Array(bookedLineSchema),
    settlement_kind: nullable(Type.String()),
    deducted: nullable(Type.String()),
    business_lunch: Type.Boolean(),
    business_lunch_reason: nullable(Type.String()),
    business_lunch_participants: nullable(Type.String()),
    created_by_name: nullable(Type.String()),
    created_at: Type.String(),
  },
  { $id: 'BookingRecord', additionalProperties: false },
)

/** A booking or reversal. */
export type BookingRecord = Static<typeof bookingRecordSchema>

/**
 * Where a suggested value came from: `document` what people entered or confirmed on it; `supplierBooking` the same
 * account's last booking; `supplierDefault` what people taught for this supplier; `accountDefault` the booking defaults kept on the supplier's or
 * customer's account; `matchedAccount` the account found
 * by VAT id, IBAN or name; `counterAccount` the counter account's tax code; `rule` derived from the document (period
 * from the invoice date, tax code from the rate, book from the kind, text from supplier and number).
 */
export const SUGGESTION_SOURCES = ['document', 'supplierBooking', 'supplierDefault', 'accountDefault', 'matchedAccount', 'counterAccount', 'rule'] as const

/** One suggestion source. */
export type SuggestionSource = (typeof SUGGESTION_SOURCES)[number]

/** A suggested value with where it came from (`booking_no` when it came from an earlier booking). */
export const bookingSuggestionSchema = Type.Object(
  {
    value: Type.String(),
    source: Type.Unsafe<SuggestionSource>({ type: 'string', enum: [...SUGGESTION_SOURCES] }),
    booking_no: Type.Optional(Type.Integer()),
  },
  { $id: 'BookingSuggestion', additionalProperties: false },
)

/** A suggestion. */
export type BookingSuggestion = Static<typeof bookingSuggestionSchema>

/** The fields a booking suggests. */
export const SUGGESTED_FIELDS = [
  'account',
  'counter_account',
  'tax_code',
  'cost_center',
  'period',
  'book',
  'text',
  'business_lunch',
  'business_lunch_reason',
  'business_lunch_participants',
  'settlement_kind',
  'deducted',
] as const

/** A field a booking suggests. */
export type SuggestedField = (typeof SUGGESTED_FIELDS)[number]

/** A supplier account as the document's seller suggests it (see DocumentBooking.new_account). */
export const newAccountSchema = Type.Object({
  account: Type.Integer(),
  name: Type.String(),
  vat_id: nullable(Type.String()),
  /** The validator's message key when the printed UID fails its check; null when it passes or there is none. */
  vat_id_check: nullable(Type.String()),
  iban: nullable(Type.String()),
  country: nullable(Type.String()),
  payment_days: Type.Union([Type.Integer(), Type.Null()]),
  skonto_percent: nullable(Type.String()),
  skonto_days: Type.Union([Type.Integer(), Type.Null()]),
})

/** The prefilled new account of a document's seller. */
export type NewAccount = Static<typeof newAccountSchema>

/**
 * document-bookings.get(documentId): what the booking panel shows. The standing booking (null when not booked), every
 * booking and reversal of the document (oldest first), the totals the lines must reach, the company settings that
 * shape the booking, and the suggestions with their source, so booking with the suggestions is one keystroke.
 */
export const documentBookingSchema = Type.Object(
  {
    document_id: Type.Integer(),
    company_no: Type.Integer(),
    version: Type.Integer(),
    document_type: Type.String(),
    confirmed: Type.Boolean(),
    booked: Type.Boolean(),
    booking: Type.Union([bookingRecordSchema, Type.Null()]),
    bookings: Type.Array(bookingRecordSchema),
    totals: Type.Object({ net: nullable(Type.String()), tax: nullable(Type.String()), gross: nullable(Type.String()), currency: Type.String() }),
    settings: Type.Object({ small_business: Type.Boolean(), use_gross_amounts: Type.Boolean() }),
    suggestions: Type.Partial(Type.Record(Type.Union(SUGGESTED_FIELDS.map((field) => Type.Literal(field))), bookingSuggestionSchema)),
    /** The suggested tax lines (one per rate), amounts net or gross as the company books. */
    suggested_lines: Type.Array(Type.Object({ taxCode: Type.String(), amount: Type.String() })),
    /**
     * A new supplier account prefilled from the document's seller, offered while no account is suggested: the next free
     * supplier number, name, UID (with the check it fails, if any), IBAN, country and payment terms.
     */
    new_account: Type.Union([newAccountSchema, Type.Null()]),
  },
  { $id: 'DocumentBooking', additionalProperties: false },
)

/** What document-bookings answers. */
export type DocumentBooking = Static<typeof documentBookingSchema>

/** Typed client view: get, create (book) and patch (reverse) answer the document's booking state. */
export type DocumentBookingsClientService = Gets<DocumentBooking> &
  Creates<DocumentBooking, DocumentBookingData> &
  Patches<DocumentBooking, DocumentBookingPatch>

/**
 * The document-bookings service: read with the document's company, book and reverse with acc; the document's events
 * arrive on documents and aggregator.
 */
export const documentBookingsDescriptor = defineService<DocumentBookingsClientService>()({
  path: documentBookingsPath,
  methods: documentBookingsMethods,
  schemas: { data: documentBookingDataSchema, patch: documentBookingPatchSchema },
  abilities: { get: companyRule(), create: companyRule(['acc']), patch: companyRule(['acc']) },
  events: 'none',
})
