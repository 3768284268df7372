import { Type, type Static } from '@feathersjs/typebox'
import { MAX_REQUEST_TEXT, REQUEST_KINDS, REQUEST_STATUSES, type RequestKind, type RequestStatus } from '../domain/requests'
import { companyNoSchema, dateSchema, MAX_INTEGER, multiLineText, skipSchema, type Creates, type Finds, type Page, type Patches } from './common'
import { companyRule, defineService } from './descriptor'

/** Path of the requests for documents (issue 34): the firm asks its client for a receipt, a document or an answer. */
export const documentRequestsPath = 'document-requests'

/** Methods of document-requests: find (everyone holding the company), create (staff), patch (answer or close). */
export const documentRequestsMethods = ['find', 'create', 'patch'] as const

const idSchema = Type.Integer({ minimum: 1, maximum: MAX_INTEGER })
const requestTextSchema = multiLineText({ minLength: 1, maxLength: MAX_REQUEST_TEXT, pattern: '\\S' })
const nullableString = Type.Union([Type.String(), Type.Null()])

/** document-requests.create: what staff ask for; with `bank_transaction_id` the receipt of that movement (kind transaction). */
export const documentRequestDataSchema = Type.Object(
  {
    company_no: companyNoSchema,
    text: requestTextSchema,
    due_date: dateSchema,
    kind: Type.Optional(Type.Unsafe<RequestKind>({ type: 'string', enum: [...REQUEST_KINDS] })),
    bank_transaction_id: Type.Optional(idSchema),
  },
  { $id: 'DocumentRequestData', additionalProperties: false },
)

/** Data of document-requests.create. */
export type DocumentRequestData = Static<typeof documentRequestDataSchema>

/**
 * document-requests.patch: the client answers with an upload of theirs (`document_id`) or a text (`answer`), which
 * sets an open request to answered; staff close it (`status: 'closed'`). An answer and a close are separate calls.
 */
export const documentRequestPatchSchema = Type.Object(
  {
    document_id: Type.Optional(idSchema),
    answer: Type.Optional(requestTextSchema),
    status: Type.Optional(Type.Literal('closed')),
  },
  { $id: 'DocumentRequestPatch', additionalProperties: false, minProperties: 1 },
)

/** Data of document-requests.patch. */
export type DocumentRequestPatch = Static<typeof documentRequestPatchSchema>

/** document-requests.find: one company's requests (or all the caller holds), by status, oldest due first. */
export const documentRequestsQuerySchema = Type.Object(
  {
    company_no: Type.Optional(companyNoSchema),
    status: Type.Optional(Type.Union([Type.Unsafe<RequestStatus>({ type: 'string', enum: [...REQUEST_STATUSES] }), Type.Object({ $in: Type.Array(Type.Unsafe<RequestStatus>({ type: 'string', enum: [...REQUEST_STATUSES] }), { minItems: 1, maxItems: 3 }) }, { additionalProperties: false })])),
    id: Type.Optional(idSchema),
    $limit: Type.Optional(Type.Integer({ minimum: 0, maximum: 500 })),
    $skip: skipSchema,
  },
  { $id: 'DocumentRequestsQuery', additionalProperties: false },
)

/** Query of document-requests.find. */
export type DocumentRequestsQuery = Static<typeof documentRequestsQuerySchema>

/** The bank movement a transaction request asks a receipt for, as the request shows it. */
export const requestTransactionSchema = Type.Object(
  { booking_date: Type.String(), amount: Type.String(), currency: Type.String(), counterparty_name: nullableString, remittance: Type.String(), matched: Type.Boolean() },
  { additionalProperties: false },
)

/** One reminder: who was reminded by e-mail, when. */
export const requestReminderSchema = Type.Object({ at: Type.String({ format: 'date-time' }), recipient_name: Type.String() }, { additionalProperties: false })

/** One request for documents, as everyone holding the company sees it. */
export const documentRequestSchema = Type.Object(
  {
    id: Type.Integer(),
    company_no: Type.Integer(),
    kind: Type.Unsafe<RequestKind>({ type: 'string', enum: [...REQUEST_KINDS] }),
    text: Type.String(),
    due_date: Type.String(),
    status: Type.Unsafe<RequestStatus>({ type: 'string', enum: [...REQUEST_STATUSES] }),
    bank_transaction_id: Type.Union([Type.Integer(), Type.Null()]),
    transaction: Type.Union([requestTransactionSchema, Type.Null()]),
    document_id: Type.Union([Type.Integer(), Type.Null()]),
    answer: nullableString,
    created_by_name: nullableString,
    created_at: Type.String({ format: 'date-time' }),
    answered_by_name: nullableString,
    answered_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
    closed_by_name: nullableString,
    closed_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
    messages: Type.Integer(),
    reminders: Type.Array(requestReminderSchema),
  },
  { $id: 'DocumentRequest', additionalProperties: false },
)

/** One request for documents. */
export type DocumentRequestRecord = Static<typeof documentRequestSchema>

/** Typed client view of document-requests. */
export type DocumentRequestsClientService = Finds<DocumentRequestsQuery, Page<DocumentRequestRecord>> &
  Creates<DocumentRequestRecord, DocumentRequestData> &
  Patches<DocumentRequestRecord, DocumentRequestPatch>

/**
 * Requests: anyone holding the company reads them; create needs `acc` (REQUEST_STAFF_RIGHTS; a transaction's also
 * `adm`/`ban`); patch is decided by its fields (`requestPatchRequires`: an answer `doc`, a close `acc`). Events to
 * the company's people.
 */
export const documentRequestsDescriptor = defineService<DocumentRequestsClientService>()({
  path: documentRequestsPath,
  methods: documentRequestsMethods,
  schemas: { query: documentRequestsQuerySchema, data: documentRequestDataSchema, patch: documentRequestPatchSchema, result: documentRequestSchema },
  abilities: { find: companyRule(), create: companyRule(['acc']), patch: companyRule(['doc', 'acc']) },
  events: 'company',
})

/** Path of a request's reply thread. */
export const documentRequestMessagesPath = 'document-request-messages'

/** Methods of document-request-messages. */
export const documentRequestMessagesMethods = ['find', 'create'] as const

/** document-request-messages.create: a reply in a request's thread. */
export const documentRequestMessageDataSchema = Type.Object(
  { request_id: idSchema, text: requestTextSchema },
  { $id: 'DocumentRequestMessageData', additionalProperties: false },
)

/** Data of document-request-messages.create. */
export type DocumentRequestMessageData = Static<typeof documentRequestMessageDataSchema>

/** document-request-messages.find: one request's thread, oldest first. */
export const documentRequestMessagesQuerySchema = Type.Object(
  { request_id: idSchema, $limit: Type.Optional(Type.Integer({ minimum: 0, maximum: 500 })), $skip: skipSchema },
  { $id: 'DocumentRequestMessagesQuery', additionalProperties: false },
)

/** Query of document-request-messages.find. */
export type DocumentRequestMessagesQuery = Static<typeof documentRequestMessagesQuerySchema>

/** One message of a request's thread: a reply, or the answer (text or upload) as it was given. */
export const documentRequestMessageSchema = Type.Object(
  {
    id: Type.Integer(),
    request_id: Type.Integer(),
    company_no: Type.Integer(),
    text: Type.String(),
    document_id: Type.Union([Type.Integer(), Type.Null()]),
    author_name: nullableString,
    created_at: Type.String({ format: 'date-time' }),
  },
  { $id: 'DocumentRequestMessage', additionalProperties: false },
)

/** One message of a request's thread. */
export type DocumentRequestMessageRecord = Static<typeof documentRequestMessageSchema>

/** Typed client view of document-request-messages. */
export type DocumentRequestMessagesClientService = Finds<DocumentRequestMessagesQuery, Page<DocumentRequestMessageRecord>> &
  Creates<DocumentRequestMessageRecord, DocumentRequestMessageData>

/** A request's thread: read by everyone holding the company, written with `doc` (both sides hold it); events to the company. */
export const documentRequestMessagesDescriptor = defineService<DocumentRequestMessagesClientService>()({
  path: documentRequestMessagesPath,
  methods: documentRequestMessagesMethods,
  schemas: { query: documentRequestMessagesQuerySchema, data: documentRequestMessageDataSchema, result: documentRequestMessageSchema },
  abilities: { find: companyRule(), create: companyRule(['doc']) },
  events: 'company',
})
