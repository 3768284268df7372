import { Type, type Static } from '@feathersjs/typebox'
import { CUT_REASONS, DOCUMENT_KINDS, type CutReason, type DocumentKind } from '../domain/index'
import { documentRecordRequires } from '../domain/review'
import { companyNoSchema, MAX_INTEGER, type Gets, type Patches } from './common'
import { companyRule, defineService } from './descriptor'

/** Path of the document editor: one scan batch (an editor document) with its parts, edited by action. */
export const documentEditorPath = 'document-editor'

/** Methods the document-editor service offers. */
export const documentEditorMethods = ['get', 'patch'] as const

const idSchema = Type.Integer({ minimum: 1, maximum: MAX_INTEGER })
/** A page of the editor: "<document id>-<page>" of the upload it came from. */
const pageIdSchema = Type.String({ minLength: 3, maxLength: 24, pattern: '^[0-9]+-[0-9]+$' })
const partIdSchema = Type.String({ minLength: 1, maxLength: 40, pattern: '^[A-Za-z0-9_-]+$' })
const pageListSchema = Type.Array(pageIdSchema, { minItems: 1, maxItems: 1000, uniqueItems: true })
const versionSchema = Type.Optional(Type.Integer({ minimum: 0, maximum: MAX_INTEGER }))
const cutReasonSchema = Type.Union(CUT_REASONS.map((reason) => Type.Literal(reason)))

/** One page of a part: where it comes from and how it is turned. */
export const editorPageSchema = Type.Object({
  id: pageIdSchema,
  document_id: idSchema,
  page: Type.Integer({ minimum: 1 }),
  rotation: Type.Union([Type.Literal(0), Type.Literal(90), Type.Literal(180), Type.Literal(270)]),
})

/** One part of a batch: a document-to-be with its name, pages and, when suggested, why it starts there. */
export const editorPartSchema = Type.Object({
  id: partIdSchema,
  name: Type.String(),
  pages: Type.Array(editorPageSchema),
  reasons: Type.Array(cutReasonSchema),
})

/** A part already completed into a document. */
export const editorCompletedSchema = Type.Object({ name: Type.String(), document_id: idSchema, pages: Type.Integer() })

/** A batch as the editor shows it. */
export const editorBatchSchema = Type.Object(
  {
    id: idSchema,
    company_no: companyNoSchema,
    file_name: Type.String(),
    version: Type.Integer(),
    /** Extraction has not read the pages yet: the cuts are suggested once it has. */
    reading: Type.Boolean(),
    parts: Type.Array(editorPartSchema),
    /** Pages set aside (deleted, blank pages and separator sheets); they go into no document. */
    set_aside: Type.Array(editorPageSchema),
    completed: Type.Array(editorCompletedSchema),
    /** Who is completing the batch right now (the batch is locked for everyone else meanwhile). */
    locked_by: Type.Union([Type.String(), Type.Null()]),
    /** How many edits can be undone. */
    undoable: Type.Integer(),
    processed: Type.Boolean(),
  },
  { $id: 'EditorBatch', additionalProperties: false },
)

/** A batch as the editor shows it. */
export type EditorBatch = Static<typeof editorBatchSchema>
/** One part of a batch. */
export type EditorPart = Static<typeof editorPartSchema>
/** One page of a part. */
export type EditorPage = Static<typeof editorPageSchema>

/**
 * document-editor.patch(batchId, action): one editing action of SPEC §3 (move, merge, addPages, completeDocument,
 * renameDocument) or rotate, deletePage, cut, undo. `version` (the batch version the clerk saw) refuses a stale edit.
 */
export const documentEditorPatchSchema = Type.Union(
  [
    Type.Object({ action: Type.Literal('move'), version: versionSchema, pages: pageListSchema, to_part: partIdSchema, index: Type.Integer({ minimum: 0, maximum: 1000 }), to_document_id: Type.Optional(idSchema) }, { additionalProperties: false }),
    Type.Object({ action: Type.Literal('merge'), version: versionSchema, parts: Type.Optional(Type.Array(partIdSchema, { minItems: 2, maxItems: 500, uniqueItems: true })), document_id: Type.Optional(idSchema) }, { additionalProperties: false }),
    Type.Object({ action: Type.Literal('addPages'), version: versionSchema, document_id: idSchema, pages: Type.Optional(pageListSchema), to_part: Type.Optional(partIdSchema) }, { additionalProperties: false }),
    Type.Object({ action: Type.Literal('cut'), version: versionSchema, page: pageIdSchema }, { additionalProperties: false }),
    Type.Object({ action: Type.Literal('rotate'), version: versionSchema, pages: pageListSchema, degrees: Type.Union([Type.Literal(90), Type.Literal(180), Type.Literal(270)]) }, { additionalProperties: false }),
    Type.Object({ action: Type.Literal('deletePage'), version: versionSchema, pages: pageListSchema }, { additionalProperties: false }),
    Type.Object({ action: Type.Literal('renameDocument'), version: versionSchema, part: partIdSchema, name: Type.String({ maxLength: 200 }) }, { additionalProperties: false }),
    Type.Object(
      {
        action: Type.Literal('completeDocument'),
        version: versionSchema,
        parts: Type.Array(partIdSchema, { maxItems: 500, uniqueItems: true }),
        client_no: Type.Optional(companyNoSchema),
        document_group: Type.Optional(Type.Union(DOCUMENT_KINDS.map((kind) => Type.Literal(kind)))),
      },
      { additionalProperties: false },
    ),
    Type.Object({ action: Type.Literal('undo'), version: versionSchema }, { additionalProperties: false }),
  ],
  { $id: 'DocumentEditorPatch' },
)

/** One editing action. */
export type DocumentEditorPatch = Static<typeof documentEditorPatchSchema>
/** The completion action (SPEC §5: name, client, group, pages). */
export type CompleteDocumentAction = Extract<DocumentEditorPatch, { action: 'completeDocument' }>
/** The kinds a completed part may become (its document group). */
export type DocumentGroup = DocumentKind
/** Why a cut was suggested. */
export type { CutReason }

/** Typed client view: get a batch, patch it with an action (answers the batch after it). */
export type DocumentEditorClientService = Gets<EditorBatch> & Patches<EditorBatch, DocumentEditorPatch>

/** The document-editor service: ded and the batch's company; every change reaches live (`patched`) whoever has ded for that company. */
export const documentEditorDescriptor = defineService<DocumentEditorClientService>()({
  path: documentEditorPath,
  methods: documentEditorMethods,
  schemas: { patch: documentEditorPatchSchema, result: editorBatchSchema },
  abilities: { get: companyRule(['ded']), patch: companyRule(['ded']) },
  events: 'company',
  // An outgoing invoice reaches only those with lar (SPEC §6), as its calls do.
  recordRequires: documentRecordRequires,
})
