import { Type, type Static } from '@feathersjs/typebox'
import { MAX_INTEGER, type Creates, type Patches, type Removes } from './common'
import { documentVersionSchema } from './document-labels'
import type { DocumentRecord } from './documents'
import { companyRule, defineService } from './descriptor'

/** Path of the document-trash service: move a document to the trash, restore it, or purge it for good. */
export const documentTrashPath = 'document-trash'

/** Methods the document-trash service offers. */
export const documentTrashMethods = ['create', 'patch', 'remove'] as const

/**
 * document-trash.create: move a document (as it stood at `version`) to the trash; it leaves its view for Trash.
 * Refusals: 409 documents:bookedCannotChange (booked documents are only reversed), 409 documents:staleVersion,
 * 409 documents:alreadyInTrash.
 */
export const documentTrashDataSchema = Type.Object(
  {
    document_id: Type.Integer({ minimum: 1, maximum: MAX_INTEGER }),
    version: documentVersionSchema,
  },
  { $id: 'DocumentTrashData', additionalProperties: false },
)

/** Data of document-trash.create. */
export type DocumentTrashData = Static<typeof documentTrashDataSchema>

/**
 * document-trash.patch(documentId, {restore: true, version}): take the document out of the trash, back to its view.
 * Refusals: 409 documents:notInTrash, 409 documents:staleVersion, 409 documents:alreadyExists when the company
 * has another live document of the same file meanwhile.
 */
export const documentTrashPatchSchema = Type.Object(
  { restore: Type.Literal(true), version: documentVersionSchema },
  { $id: 'DocumentTrashPatch', additionalProperties: false },
)

/** Data of document-trash.patch. */
export type DocumentTrashPatch = Static<typeof documentTrashPatchSchema>

/**
 * Typed client view. remove(documentId) purges a trashed document at once (file unless another document uses it,
 * pages, candidates, search text; its history stays) and answers it as it was; 409 documents:notInTrash otherwise.
 * The trash also empties itself TRASH_RETENTION_DAYS (30) after deletion.
 */
export type DocumentTrashClientService = Creates<DocumentRecord, DocumentTrashData> &
  Patches<DocumentRecord, DocumentTrashPatch> &
  Removes<DocumentRecord>

/**
 * The document-trash service: trash and restore with doc, purge with app or adm (it cannot be undone), always with
 * the document's company; the document's events arrive on documents and aggregator (a purge as `removed`).
 */
export const documentTrashDescriptor = defineService<DocumentTrashClientService>()({
  path: documentTrashPath,
  methods: documentTrashMethods,
  schemas: { data: documentTrashDataSchema, patch: documentTrashPatchSchema },
  abilities: {
    create: companyRule(['doc']),
    patch: companyRule(['doc']),
    remove: companyRule(['app', 'adm']),
  },
  events: 'none',
})
