import { Type, type Static } from '@feathersjs/typebox'
import { companyNoSchema, pageSchemas, selectSchema, sortSchema, type Page, type Finds } from './common'
import { documentSummaryFields, documentSummarySchema, type DocumentSummary } from './documents-common'
import { companyRule, defineService } from './descriptor'

/** Path of the document-editor list (SPEC §7; only with permission ded; its count is the editor badge). */
export const editorDocumentPath = 'editor-document'

/** Methods the editor-document service offers. */
export const editorDocumentMethods = ['find'] as const

/**
 * editor-document.find, e.g. {is_processed_documents_accumulator: null, $select: ['id']}: documents waiting
 * in the editor. Without client_no it counts over every company the caller may see.
 */
export const editorDocumentQuerySchema = Type.Object(
  {
    client_no: Type.Optional(companyNoSchema),
    is_processed_documents_accumulator: Type.Optional(Type.Null()),
    ...pageSchemas,
    $sort: sortSchema(documentSummaryFields),
    $select: selectSchema(documentSummaryFields),
  },
  { $id: 'EditorDocumentQuery', additionalProperties: false },
)

/** Query of editor-document.find. */
export type EditorDocumentQuery = Static<typeof editorDocumentQuerySchema>

/** Typed client view: find answers a page; `total` is the badge count. */
export type EditorDocumentClientService = Finds<EditorDocumentQuery, Page<Partial<DocumentSummary>>>

/** The editor-document service: ded, and the company when one is named (else narrowed to the caller's); no events. */
export const editorDocumentDescriptor = defineService<EditorDocumentClientService>()({
  path: editorDocumentPath,
  methods: editorDocumentMethods,
  schemas: { query: editorDocumentQuerySchema, result: documentSummarySchema },
  abilities: { find: companyRule(['ded']) },
  events: 'none',
})
