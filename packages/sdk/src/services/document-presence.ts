import { Type, type Static } from '@feathersjs/typebox'
import { MAX_INTEGER, type QueryParams, type RecordId } from './common'
import { documentRecordRequires } from '../domain/review'
import { companyRule, defineService } from './descriptor'

/** Path of the document-presence service: who has a document open, and who is editing it (a soft lock). */
export const documentPresencePath = 'document-presence'

/** Methods the document-presence service offers. */
export const documentPresenceMethods = ['find', 'create', 'remove'] as const

/**
 * document-presence.create: "I have this document open" (editing: I am changing values). Send it when the document
 * opens and again every PRESENCE_HEARTBEAT_MS (20 s); without a beat it lapses after PRESENCE_TTL_MS (60 s). Closing
 * the socket removes the caller's presences.
 */
export const documentPresenceDataSchema = Type.Object(
  {
    document_id: Type.Integer({ minimum: 1, maximum: MAX_INTEGER }),
    editing: Type.Optional(Type.Boolean()),
  },
  { $id: 'DocumentPresenceData', additionalProperties: false },
)

/** Data of document-presence.create. */
export type DocumentPresenceData = Static<typeof documentPresenceDataSchema>

/** document-presence.find: who has one document open now. */
export const documentPresenceQuerySchema = Type.Object(
  { document_id: Type.Integer({ minimum: 1, maximum: MAX_INTEGER }) },
  { $id: 'DocumentPresenceQuery', additionalProperties: false },
)

/** Query of document-presence.find. */
export type DocumentPresenceQuery = Static<typeof documentPresenceQuerySchema>

/** One person who has a document open: `user_key` tells people apart (their keycloak id), `name` is shown. */
export interface DocumentPresence {
  document_id: number
  /** The document's stored kind (its events reach only those who may see such a document: an outgoing one needs lar). */
  document_type: string
  company_no: number
  user_key: string
  name: string
  editing: boolean
  /** When this presence lapses without a new beat (ISO time). */
  expires_at: string
}

/**
 * The answer of create: the caller's presence, the others who have the document open, and a soft-lock warning
 * when someone else is editing it (key documents:editedByOther, params.name): the screen warns before two people
 * edit, the server still refuses only a stale save.
 */
export interface DocumentPresenceAnswer extends DocumentPresence {
  others: DocumentPresence[]
  warning: { key: string; params: Record<string, unknown> } | null
}

/**
 * Typed client view. Events go to the document's company: `created` (someone opened it or beat again; an
 * answer as create gives it) and `removed` (someone closed it: the presence that ended).
 */
export interface DocumentPresenceClientService {
  find(params: QueryParams<DocumentPresenceQuery>): Promise<DocumentPresence[]>
  create(data: DocumentPresenceData, params?: QueryParams<Record<string, never>>): Promise<DocumentPresenceAnswer>
  /**
   * Ends the caller's presence on the document `id`; answers it (lapsing now, `editing: false`, when there was none, so
   * the `removed` event always names the document and the person).
   */
  remove(id: RecordId, params?: QueryParams<Record<string, never>>): Promise<DocumentPresence>
}

/**
 * The document-presence service: doc and the document's company for every method (and the document's own kind right:
 * an outgoing invoice's lar); events to the company's people who may see the document.
 */
export const documentPresenceDescriptor = defineService<DocumentPresenceClientService>()({
  path: documentPresencePath,
  methods: documentPresenceMethods,
  schemas: { query: documentPresenceQuerySchema, data: documentPresenceDataSchema },
  abilities: {
    find: companyRule(['doc']),
    create: companyRule(['doc']),
    remove: companyRule(['doc']),
  },
  events: 'company',
  recordRequires: documentRecordRequires,
})
