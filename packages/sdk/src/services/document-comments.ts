import { Type, type Static } from '@feathersjs/typebox'
import { documentRecordRequires } from '../domain/review'
import { MAX_REQUEST_TEXT } from '../domain/requests'
import { MAX_INTEGER, multiLineText, skipSchema, type Creates, type Finds, type Page, type Patches, type Removes } from './common'
import { companyRule, defineService } from './descriptor'

/** Path of the comment thread of a document (and so of its booking). */
export const documentCommentsPath = 'document-comments'

/** Methods of document-comments: read and write the thread; the author edits or removes their own until the document is booked. */
export const documentCommentsMethods = ['find', 'create', 'patch', 'remove'] as const

const idSchema = Type.Integer({ minimum: 1, maximum: MAX_INTEGER })
const commentTextSchema = multiLineText({ minLength: 1, maxLength: MAX_REQUEST_TEXT, pattern: '\\S' })

/** document-comments.create: a comment; "@First Last" of a person holding the company mentions (and notifies) them. */
export const documentCommentDataSchema = Type.Object({ document_id: idSchema, text: commentTextSchema }, { $id: 'DocumentCommentData', additionalProperties: false })

/** Data of document-comments.create. */
export type DocumentCommentData = Static<typeof documentCommentDataSchema>

/** document-comments.patch: the author's corrected text. */
export const documentCommentPatchSchema = Type.Object({ text: commentTextSchema }, { $id: 'DocumentCommentPatch', additionalProperties: false })

/** Data of document-comments.patch. */
export type DocumentCommentPatch = Static<typeof documentCommentPatchSchema>

/** document-comments.find: one document's thread, oldest first. */
export const documentCommentsQuerySchema = Type.Object(
  { document_id: idSchema, $limit: Type.Optional(Type.Integer({ minimum: 0, maximum: 500 })), $skip: skipSchema },
  { $id: 'DocumentCommentsQuery', additionalProperties: false },
)

/** Query of document-comments.find. */
export type DocumentCommentsQuery = Static<typeof documentCommentsQuerySchema>

/** One comment; a removed one keeps its place with no text (`removed_at`), as the history keeps it. */
export const documentCommentSchema = Type.Object(
  {
    id: Type.Integer(),
    document_id: Type.Integer(),
    company_no: Type.Integer(),
    /** The document's type, so an outgoing invoice's comment reaches only those with `lar`. */
    document_type: Type.Union([Type.String(), Type.Null()]),
    text: Type.String(),
    author_name: Type.Union([Type.String(), Type.Null()]),
    /** The author's keycloak id: the web offers edit and remove on one's own comments. */
    author_key: Type.Union([Type.String(), Type.Null()]),
    created_at: Type.String({ format: 'date-time' }),
    edited_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
    removed_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
    mentions: Type.Array(Type.Object({ name: Type.String() }, { additionalProperties: false })),
  },
  { $id: 'DocumentComment', additionalProperties: false },
)

/** One comment. */
export type DocumentCommentRecord = Static<typeof documentCommentSchema>

/** Typed client view of document-comments. */
export type DocumentCommentsClientService = Finds<DocumentCommentsQuery, Page<DocumentCommentRecord>> &
  Creates<DocumentCommentRecord, DocumentCommentData> &
  Patches<DocumentCommentRecord, DocumentCommentPatch> &
  Removes<DocumentCommentRecord>

/**
 * Comments: `doc` and the document's company, and the rights its kind asks for (an outgoing invoice's `lar`), on
 * every method and event; edit and remove only the author's own, never on a booked document (BAO).
 */
export const documentCommentsDescriptor = defineService<DocumentCommentsClientService>()({
  path: documentCommentsPath,
  methods: documentCommentsMethods,
  schemas: { query: documentCommentsQuerySchema, data: documentCommentDataSchema, patch: documentCommentPatchSchema, result: documentCommentSchema },
  abilities: { find: companyRule(['doc']), create: companyRule(['doc']), patch: companyRule(['doc']), remove: companyRule(['doc']) },
  events: 'company',
  recordRequires: documentRecordRequires,
})
