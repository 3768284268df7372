import { Type, type Static } from '@feathersjs/typebox'
import type { SvAttentionReason } from '../domain/svImport'
import { MAX_INTEGER, pageSchemas, type Finds, type Gets, type Page } from './common'
import { companyRule, defineService } from './descriptor'

/** Path of the health insurer's contribution accounts (/admin/sv-tool). */
export const svAccountsPath = 'sv-accounts'

/** Methods of sv-accounts: list (or the attention list), one account with its transactions and authorizations. */
export const svAccountsMethods = ['find', 'get'] as const

const nullableText = Type.Union([Type.String(), Type.Null()])
const reasonSchema = Type.Unsafe<SvAttentionReason>({ type: 'string', enum: ['saldoDue', 'dunning', 'enforcement', 'authorizationExpiring'] })

/** A contribution account as the list shows it. */
export const svAccountSchema = Type.Object(
  {
    id: Type.Integer({ minimum: 1, maximum: MAX_INTEGER }),
    accountNumber: Type.String(),
    partnerName: Type.String(),
    kassaMandant: nullableText,
    /** Amount owed ('12.34'; negative: a credit). */
    saldo: Type.String(),
    /** The client company the account belongs to (import column klient), its name, and its responsible employee. */
    companyNo: Type.Union([Type.Integer(), Type.Null()]),
    companyName: nullableText,
    responsibleName: nullableText,
    /** '11000' + a seven-digit number, '11' + a ten-digit one. */
    paymentReference: Type.String(),
    reasons: Type.Array(reasonSchema),
    /** Every other imported field (SPEC §3), by its column name. */
    details: Type.Record(Type.String(), Type.Union([Type.String(), Type.Number(), Type.Boolean(), Type.Null()])),
    updatedAt: Type.String({ format: 'date-time' }),
  },
  { $id: 'SvAccount', additionalProperties: false },
)

/** A contribution account. */
export type SvAccount = Static<typeof svAccountSchema>

/** A transaction of an account. */
export const svTransactionSchema = Type.Object(
  {
    id: Type.Integer(),
    buchungsDatum: Type.String(),
    wertstellungsDatum: nullableText,
    buchungstext: Type.String(),
    beitragszeitraum: nullableText,
    soll: nullableText,
    haben: nullableText,
    /** MA reminded, EX enforced, RV instalment agreement, I insolvency claim. */
    buchungszustand: nullableText,
  },
  { $id: 'SvTransaction', additionalProperties: false },
)

/** A transaction. */
export type SvTransaction = Static<typeof svTransactionSchema>

/** An authorization (Vollmacht) on an account. */
export const svAuthorizationSchema = Type.Object(
  {
    id: Type.Integer(),
    bevollmaechtigter: Type.String(),
    bevollmaechtigterName: nullableText,
    bezeichnung: nullableText,
    einsichtKontoinformationen: Type.Boolean(),
    einsichtClearingFaelle: Type.Boolean(),
    vollmachtName: nullableText,
    vollmachtStrasseHausnummer: nullableText,
    vollmachtPostleitzahl: nullableText,
    vollmachtPostort: nullableText,
    vollmachtLand: nullableText,
    gueltigBis: nullableText,
  },
  { $id: 'SvAuthorization', additionalProperties: false },
)

/** An authorization. */
export type SvAuthorization = Static<typeof svAuthorizationSchema>

/** One account with everything on it, and its EPC QR code (when the insurer's IBAN was imported). */
export const svAccountDetailSchema = Type.Object(
  {
    ...svAccountSchema.properties,
    transactions: Type.Array(svTransactionSchema),
    authorizations: Type.Array(svAuthorizationSchema),
    /** The EPC069-12 payload and its QR code as SVG; null without the insurer's IBAN or without a saldo due. */
    epc: Type.Union([Type.Object({ payload: Type.String(), svg: Type.String() }), Type.Null()]),
  },
  { $id: 'SvAccountDetail', additionalProperties: false },
)

/** An account with its transactions and authorizations. */
export type SvAccountDetail = Static<typeof svAccountDetailSchema>

/** sv-accounts.find: search (number, partner name) and `attention` for the attention list only. */
export const svAccountsQuerySchema = Type.Object(
  { search: Type.Optional(Type.String({ maxLength: 200 })), attention: Type.Optional(Type.Boolean()), ...pageSchemas },
  { $id: 'SvAccountsQuery', additionalProperties: false },
)

/** Query of sv-accounts.find. */
export type SvAccountsQuery = Static<typeof svAccountsQuerySchema>

/** Typed client view of sv-accounts. */
export type SvAccountsClientService = Finds<SvAccountsQuery, Page<SvAccount>> & Gets<SvAccountDetail>

/**
 * The sv-accounts service: administrators (adm), for the accounts of their companies; an account of no portal company
 * (the import's klient empty or unknown) only for those who hold every company.
 */
export const svAccountsDescriptor = defineService<SvAccountsClientService>()({
  path: svAccountsPath,
  methods: svAccountsMethods,
  schemas: { query: svAccountsQuerySchema, result: svAccountSchema },
  abilities: { find: companyRule(['adm']), get: companyRule(['adm']) },
  events: 'none',
})
