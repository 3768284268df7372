import { Type, type Static } from '@feathersjs/typebox'
import type { Gets } from './common'
import { documentRecordSchema } from './documents'
import { DOCUMENT_FIELDS } from '../domain/fields'
import type { EInvoiceValidation, EInvoiceView } from '../domain/einvoice'
import { companyRule, defineService } from './descriptor'

/** Path of the document-fields service: one document's pages and extracted fields with every candidate. */
export const documentFieldsPath = 'document-fields'

/** Methods the document-fields service offers (read only; editing comes with the review issue). */
export const documentFieldsMethods = ['get'] as const

/**
 * The order fields are shown in (the domain's DOCUMENT_FIELDS): what identifies the invoice, the parties, the
 * amounts, then payment and the notes. Fields the extraction reports that are not listed here follow, alphabetically.
 */
export const DOCUMENT_FIELD_ORDER = DOCUMENT_FIELDS

/** A rectangle on a page in PDF points (origin top-left), as the extractors record it. */
export const fieldBoxSchema = Type.Object(
  { x: Type.Number(), y: Type.Number(), width: Type.Number(), height: Type.Number() },
  { $id: 'FieldBox', additionalProperties: false },
)

/** A box on a page. */
export type FieldBox = Static<typeof fieldBoxSchema>

/** A value with where it came from: data-source code (SPEC §3), confidence 0..1, page (1-based), box and who gave it. */
export const fieldValueSchema = Type.Object(
  {
    value: Type.String(),
    source: Type.Integer(),
    confidence: Type.Number({ minimum: 0, maximum: 1 }),
    page: Type.Union([Type.Integer({ minimum: 1 }), Type.Null()]),
    box: Type.Union([fieldBoxSchema, Type.Null()]),
    /** Who entered, confirmed or booked it (a person's name); absent for the machines' values. */
    by: Type.Optional(Type.String()),
  },
  { $id: 'FieldValue', additionalProperties: false },
)

/** A field's value with its origin. */
export type FieldValue = Static<typeof fieldValueSchema>

/** One candidate an extractor (or a person) recorded, with the label it stood next to. */
export const fieldCandidateSchema = Type.Intersect(
  [
    fieldValueSchema,
    Type.Object({ label: Type.Union([Type.String(), Type.Null()]), chosen: Type.Boolean() }),
  ],
  { $id: 'FieldCandidate' },
)

/** A candidate value of a field. */
export type FieldCandidate = Static<typeof fieldCandidateSchema>

/** One field: its current value (null when nothing was chosen) and every candidate, best first. */
export const documentFieldSchema = Type.Object(
  {
    field: Type.String(),
    current: Type.Union([fieldValueSchema, Type.Null()]),
    candidates: Type.Array(fieldCandidateSchema),
  },
  { $id: 'DocumentField', additionalProperties: false },
)

/** A field of a document. */
export type DocumentField = Static<typeof documentFieldSchema>

/** The size of one page, in the unit the boxes use (PDF points). */
export const pageSizeSchema = Type.Object(
  { page: Type.Integer({ minimum: 1 }), width: Type.Number(), height: Type.Number() },
  { $id: 'PageSize', additionalProperties: false },
)

/** A page's size. */
export type PageSize = Static<typeof pageSizeSchema>

/**
 * A rule of SPEC §5 the document's current values break, named by field and i18n key (validation:required,
 * validation:totalsMismatch, errors:document.calculationFailed, errors:account.notFound, …) with its parameters.
 * Issues do not stop a save (values are entered one at a time); they stop a confirmation.
 */
export const fieldIssueSchema = Type.Object(
  { field: Type.String(), key: Type.String(), params: Type.Record(Type.String(), Type.Unknown()) },
  { $id: 'FieldIssue', additionalProperties: false },
)

/** A broken rule of a document. */
export type FieldIssue = Static<typeof fieldIssueSchema>

/**
 * What the extraction job found of a structured e-invoice: its check against the official business rules
 * (EInvoiceValidation; null when none was made) and, for an e-invoice without a page of its own, the readable page
 * (EInvoiceView; null for a PDF). Shapes in `@portal/sdk/domain` (einvoice.ts).
 */
export const documentEInvoiceSchema = Type.Object(
  {
    validation: Type.Union([Type.Unsafe<EInvoiceValidation>({ type: 'object' }), Type.Null()]),
    view: Type.Union([Type.Unsafe<EInvoiceView>({ type: 'object' }), Type.Null()]),
  },
  { $id: 'DocumentEInvoice', additionalProperties: false },
)

/** The e-invoice part of document-fields.get. */
export type DocumentEInvoice = Static<typeof documentEInvoiceSchema>

/**
 * document-fields.get(documentId): the document (with its `version`), its page sizes, its fields in
 * DOCUMENT_FIELD_ORDER (then the other fields that have values), and the rules its current values break.
 */
export const documentFieldsSchema = Type.Object(
  {
    document: documentRecordSchema,
    pages: Type.Array(pageSizeSchema),
    fields: Type.Array(documentFieldSchema),
    issues: Type.Array(fieldIssueSchema),
    /** Null for documents that are no e-invoice and carry none. */
    einvoice: Type.Union([documentEInvoiceSchema, Type.Null()]),
  },
  { $id: 'DocumentFields', additionalProperties: false },
)

/** The answer of document-fields.get. */
export type DocumentFields = Static<typeof documentFieldsSchema>

/** Typed client view of the document-fields service. */
export type DocumentFieldsClientService = Gets<DocumentFields>

/** The document-fields service: read with doc and the document's company; no events (changes arrive on documents). */
export const documentFieldsDescriptor = defineService<DocumentFieldsClientService>()({
  path: documentFieldsPath,
  methods: documentFieldsMethods,
  schemas: { result: documentFieldsSchema },
  abilities: { get: companyRule(['doc']) },
  events: 'none',
})
