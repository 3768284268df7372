import { Type, type Static } from '@feathersjs/typebox'
import { MAX_INTEGER, skipSchema, type Page, type QueryParams } from './common'
import { HISTORY_ACTIONS, type HistoryAction } from '../domain/review'
import { companyRule, defineService } from './descriptor'

/** Path of the document-history service: every change of one document, newest first (append-only). */
export const documentHistoryPath = 'document-history'

/** Methods the document-history service offers. */
export const documentHistoryMethods = ['find'] as const

/** document-history.find: one document's history (a purged document's too), newest first. */
export const documentHistoryQuerySchema = Type.Object(
  {
    document_id: Type.Integer({ minimum: 1, maximum: MAX_INTEGER }),
    $limit: Type.Optional(Type.Integer({ minimum: 0, maximum: 500 })),
    $skip: skipSchema,
  },
  { $id: 'DocumentHistoryQuery', additionalProperties: false },
)

/** Query of document-history.find. */
export type DocumentHistoryQuery = Static<typeof documentHistoryQuerySchema>

/**
 * One change: when, who (null for the machines), what (`action`; `field` with `old_value` → `new_value` for a
 * value's change, null for an action on the whole document: confirm gives old/new as the views ER_U → ER), the
 * source of the new value (data-source code) and the document's version after the change.
 */
export const historyEntrySchema = Type.Object(
  {
    id: Type.Integer(),
    document_id: Type.Integer(),
    company_no: Type.Integer(),
    at: Type.String({ format: 'date-time' }),
    user_name: Type.Union([Type.String(), Type.Null()]),
    action: Type.Unsafe<HistoryAction>({ type: 'string', enum: [...HISTORY_ACTIONS] }),
    field: Type.Union([Type.String(), Type.Null()]),
    old_value: Type.Union([Type.String(), Type.Null()]),
    new_value: Type.Union([Type.String(), Type.Null()]),
    source: Type.Union([Type.Integer(), Type.Null()]),
    version: Type.Integer(),
  },
  { $id: 'HistoryEntry', additionalProperties: false },
)

/** One history entry. */
export type HistoryEntry = Static<typeof historyEntrySchema>

/** Typed client view: find answers a page of entries. New entries arrive with the document's `patched` events. */
export interface DocumentHistoryClientService {
  find(params: QueryParams<DocumentHistoryQuery>): Promise<Page<HistoryEntry>>
}

/** The document-history service: doc and the document's company; no events. */
export const documentHistoryDescriptor = defineService<DocumentHistoryClientService>()({
  path: documentHistoryPath,
  methods: documentHistoryMethods,
  schemas: { query: documentHistoryQuerySchema, result: historyEntrySchema },
  abilities: { find: companyRule(['doc']) },
  events: 'none',
})
