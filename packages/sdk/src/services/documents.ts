import { Type, type Static } from '@feathersjs/typebox'
import {
  companyNoSchema,
  pageSchemas,
  selectSchema,
  sortSchema,
  type Finds,
  type Gets,
  type Page,
  type Patches,
  type Removes,
} from './common'
import { documentSummaryFields, documentSummarySchema } from './documents-common'
import { PROCESSING_STATES, type ProcessingState } from '../domain/processing'
import { documentRecordRequires } from '../domain/review'
import { companyRule, defineService } from './descriptor'

// Defined in the domain; named here too because the documents contract is where callers look for them.
export { PROCESSING_STATES, type ProcessingState }

/** Path of the documents service: a company's uploaded documents and where their processing stands. */
export const documentsPath = 'documents'

/** Methods the documents service offers. */
export const documentsMethods = ['find', 'get', 'patch', 'remove'] as const

/** A document as the Documents screen lists it: the summary plus processing details. */
export const documentRecordSchema = Type.Intersect(
  [
    documentSummarySchema,
    Type.Object({
      processing_error: Type.Union([Type.String(), Type.Null()]),
      file_kind: Type.Union([Type.String(), Type.Null()]),
      duplicate_of: Type.Union([Type.Integer(), Type.Null()]),
      split_suggestion: Type.Union([Type.Array(Type.Object({ from: Type.Integer(), to: Type.Integer() })), Type.Null()]),
      // The ERP's message from its import result file (with ERPError or ERPInfo in status); null when it gave none.
      erp_message: Type.Optional(Type.Union([Type.String(), Type.Null()])),
      // The note the client wrote for the firm when sending it (camera capture, `?note=` of the upload); null without.
      client_note: Type.Optional(Type.Union([Type.String(), Type.Null()])),
    }),
  ],
  { $id: 'DocumentRecord' },
)

/** One document with its processing details. */
export type DocumentRecord = Static<typeof documentRecordSchema>

/** Fields documents.find may $select or $sort on. */
export const documentRecordFields = [
  ...documentSummaryFields,
  'processing_error',
  'file_kind',
  'duplicate_of',
  'split_suggestion',
  'erp_message',
  'client_note',
] as const

/** documents.find: one company's documents, newest first, optionally by processing state. */
export const documentsQuerySchema = Type.Object(
  {
    client_no: companyNoSchema,
    processing_state: Type.Optional(Type.Union(PROCESSING_STATES.map((s) => Type.Literal(s)))),
    ...pageSchemas,
    $sort: sortSchema(documentRecordFields),
    $select: selectSchema(documentRecordFields),
  },
  { $id: 'DocumentsQuery', additionalProperties: false },
)

/** Query of documents.find. */
export type DocumentsQuery = Static<typeof documentsQuerySchema>

/** documents.patch: `retry: true` puts a failed extraction back in the queue. */
export const documentsPatchSchema = Type.Object(
  { retry: Type.Literal(true) },
  { $id: 'DocumentsPatch', additionalProperties: false },
)

/** Data of documents.patch. */
export type DocumentsPatch = Static<typeof documentsPatchSchema>

/** Typed client view of the documents service. */
export type DocumentsClientService = Finds<DocumentsQuery, Page<Partial<DocumentRecord>>> &
  Gets<DocumentRecord> &
  Patches<DocumentRecord, DocumentsPatch> &
  Removes<DocumentRecord>

/** The documents service: doc and the document's company for every method; events go to the company. */
export const documentsDescriptor = defineService<DocumentsClientService>()({
  path: documentsPath,
  methods: documentsMethods,
  schemas: { query: documentsQuerySchema, patch: documentsPatchSchema, result: documentRecordSchema },
  abilities: {
    find: companyRule(['doc']),
    get: companyRule(['doc']),
    // Not a socket method: the HTTP upload door (documentHttpPaths.upload) decides with this rule.
    create: companyRule(['doc']),
    patch: companyRule(['doc']),
    remove: companyRule(['doc']),
  },
  events: 'company',
  // An outgoing invoice reaches only those with lar (SPEC §6), as its calls do.
  recordRequires: documentRecordRequires,
})

/** What became of one uploaded file: stored, already there (same content in the company), or refused. */
export const uploadStatusSchema = Type.Union([Type.Literal('uploaded'), Type.Literal('exists'), Type.Literal('refused')])

/** An upload status. */
export type UploadStatus = Static<typeof uploadStatusSchema>

/** Why a file was refused or what it duplicates: an i18n key with its parameters, and a fallback text. */
export const uploadErrorSchema = Type.Object(
  { key: Type.String(), params: Type.Record(Type.String(), Type.Unknown()), message: Type.String() },
  { $id: 'UploadError', additionalProperties: false },
)

/** One file's outcome in the answer of the HTTP upload endpoint (POST /api/documents/upload). */
export const uploadFileResultSchema = Type.Object(
  {
    file: Type.String(),
    status: uploadStatusSchema,
    documentId: Type.Optional(Type.Integer({ minimum: 1 })),
    sha256: Type.Optional(Type.String({ pattern: '^[0-9a-f]{64}$' })),
    error: Type.Optional(uploadErrorSchema),
  },
  { $id: 'UploadFileResult', additionalProperties: false },
)

/** One file's outcome. */
export type UploadFileResult = Static<typeof uploadFileResultSchema>

/** The answer of the HTTP upload endpoint: one result per file, in the order they were sent. */
export const uploadResponseSchema = Type.Object(
  { results: Type.Array(uploadFileResultSchema) },
  { $id: 'UploadResponse', additionalProperties: false },
)

/** The answer of the HTTP upload endpoint. */
export type UploadResponse = Static<typeof uploadResponseSchema>

/**
 * The answer of the hash check (GET /api/documents/hashes): which of the asked hashes the company has, as which
 * document — without the document where its kind is hidden from the caller (an outgoing invoice without lar).
 */
export const documentHashesResponseSchema = Type.Object(
  {
    existing: Type.Array(
      Type.Object(
        { sha256: Type.String({ pattern: '^[0-9a-f]{64}$' }), documentId: Type.Optional(Type.Integer({ minimum: 1 })) },
        { additionalProperties: false },
      ),
    ),
  },
  { $id: 'DocumentHashesResponse', additionalProperties: false },
)

/** The answer of the hash check. */
export type DocumentHashesResponse = Static<typeof documentHashesResponseSchema>

/** HTTP endpoints of document files (multipart upload, hash check for resumable uploads, download, page images). */
export const documentHttpPaths = {
  upload: '/api/documents/upload',
  hashes: '/api/documents/hashes',
  file: (id: number) => `/api/documents/${id}/file`,
  /** One page (1-based) drawn as PNG, for files browsers cannot show themselves (TIFF scans). */
  page: (id: number, page: number) => `/api/documents/${id}/pages/${page}`,
} as const
