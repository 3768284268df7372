import { Type, type Static } from '@feathersjs/typebox'
import type { ClientService } from '@feathersjs/feathers'
import { companyNoSchema, pageSchemas, selectSchema, sortSchema, type Page, type QueryParams } from './common'
import { documentSummaryFields, documentSummarySchema } from './documents-common'

/** Path of the documents service: a company's uploaded documents and where their processing stands. */
export const documentsPath = 'documents'

/** Methods the documents service offers. */
export const documentsMethods = ['find', 'get', 'patch', 'remove'] as const

/** Where a document's processing stands (the Documents screen's status column). */
export const PROCESSING_STATES = ['queued', 'processing', 'done', 'failed'] as const

/** A processing state. */
export type ProcessingState = (typeof PROCESSING_STATES)[number]

/** A document as the Documents screen lists it: the summary plus processing details. */
export const documentRecordSchema = Type.Intersect(
  [
    documentSummarySchema,
    Type.Object({
      processing_error: Type.Union([Type.String(), Type.Null()]),
      file_kind: Type.Union([Type.String(), Type.Null()]),
      duplicate_of: Type.Union([Type.Integer(), Type.Null()]),
      split_suggestion: Type.Union([Type.Array(Type.Object({ from: Type.Integer(), to: Type.Integer() })), Type.Null()]),
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
export type DocumentsClientService = Pick<
  ClientService<DocumentRecord, never, DocumentsPatch, Page<Partial<DocumentRecord>>, QueryParams<DocumentsQuery>>,
  'find' | 'get' | 'patch' | 'remove'
>

/** One file's outcome in the answer of the HTTP upload endpoint (POST /api/documents/upload). */
export interface UploadFileResult {
  file: string
  status: 'uploaded' | 'exists' | 'refused'
  documentId?: number
  sha256?: string
  error?: { key: string; params: Record<string, unknown>; message: string }
}

/** The answer of the HTTP upload endpoint. */
export interface UploadResponse {
  results: UploadFileResult[]
}

/** HTTP endpoints of document files (multipart upload, hash check for resumable uploads, download, page images). */
export const documentHttpPaths = {
  upload: '/api/documents/upload',
  hashes: '/api/documents/hashes',
  file: (id: number) => `/api/documents/${id}/file`,
  /** One page (1-based) drawn as PNG, for files browsers cannot show themselves (TIFF scans). */
  page: (id: number, page: number) => `/api/documents/${id}/pages/${page}`,
} as const
