import { Type, type Static } from '@feathersjs/typebox'
import { DOCUMENT_KINDS } from '../domain/documentKinds'
import { DOCUMENT_TYPES } from '../domain/documentTypes'

/** Document type names of SPEC §3 as the aggregator's `type` query takes them. */
export const documentTypeNameSchema = Type.Union(DOCUMENT_TYPES.map((type) => Type.Literal(type)))

/** A document type name (ER_U, AR_U, ER, AR, KA, OtherDocuments, FullText, Trash). */
export type DocumentTypeName = Static<typeof documentTypeNameSchema>

/** The stored kind of a document: incoming invoice, outgoing invoice, cash-book receipt or other. */
export const documentKindSchema = Type.Union(DOCUMENT_KINDS.map((kind) => Type.Literal(kind)))

/** Stored document kind. */
export type DocumentKind = Static<typeof documentKindSchema>

const nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) => Type.Union([schema, Type.Null()])

/** A document as lists show it (no full text, no storage paths). Money is a decimal string, never a float. */
export const documentSummarySchema = Type.Object(
  {
    id: Type.Integer(),
    company_no: Type.Integer(),
    document_type: documentKindSchema,
    category: nullable(Type.Integer()),
    status: Type.Integer({ minimum: 0 }),
    file_name: Type.String(),
    mime: Type.String(),
    pages: Type.Integer({ minimum: 0 }),
    size: Type.Integer({ minimum: 0 }),
    // One of PROCESSING_STATES; typed as a string until the server's record mapping narrows it.
    processing_state: Type.String(),
    aggregated: Type.Boolean(),
    invoice_date: nullable(Type.String({ format: 'date' })),
    invoice_number: nullable(Type.String()),
    // The other party: the supplier of an incoming document, the customer of an outgoing one.
    party_name: nullable(Type.String()),
    total_gross: nullable(Type.String()),
    currency: Type.String(),
    created_at: Type.String({ format: 'date-time' }),
    deleted_at: nullable(Type.String({ format: 'date-time' })),
    // Bumped by every change; writes send the version they saw and a stale one is refused (409 documents:staleVersion).
    version: Type.Integer({ minimum: 1 }),
  },
  { $id: 'DocumentSummary', additionalProperties: false },
)

/** A document summary. */
export type DocumentSummary = Static<typeof documentSummarySchema>

/** Fields of a document summary that a find may $select or $sort on. */
export const documentSummaryFields = [
  'id',
  'company_no',
  'document_type',
  'category',
  'status',
  'file_name',
  'mime',
  'pages',
  'size',
  'processing_state',
  'aggregated',
  'invoice_date',
  'invoice_number',
  'party_name',
  'total_gross',
  'currency',
  'created_at',
  'deleted_at',
  'version',
] as const
