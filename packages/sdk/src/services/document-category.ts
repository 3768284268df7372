import { Type, type Static } from '@feathersjs/typebox'
import type { Finds } from './common'
import { sessionRule, defineService } from './descriptor'

/** Path of the document-category list (SPEC §7: find with no query). */
export const documentCategoryPath = 'document-category'

/** Methods the document-category service offers. */
export const documentCategoryMethods = ['find'] as const

/** A document category: its code (SPEC §3: 1 ER_U … 9 Latest) and its name; clients translate the name. */
export const documentCategorySchema = Type.Object(
  {
    id: Type.Integer(),
    name: Type.String(),
  },
  { $id: 'DocumentCategory', additionalProperties: false },
)

/** A document category. */
export type DocumentCategory = Static<typeof documentCategorySchema>

/** document-category.find takes no query. */
export const documentCategoryQuerySchema = Type.Object({}, { $id: 'DocumentCategoryQuery', additionalProperties: false })

/** Query of document-category.find. */
export type DocumentCategoryQuery = Static<typeof documentCategoryQuerySchema>

/** Typed client view: find answers a plain list ordered by code. */
export type DocumentCategoryClientService = Finds<DocumentCategoryQuery, DocumentCategory[]>

/** The document-category service: any signed-in user reads it; no events. */
export const documentCategoryDescriptor = defineService<DocumentCategoryClientService>()({
  path: documentCategoryPath,
  methods: documentCategoryMethods,
  schemas: { query: documentCategoryQuerySchema, result: documentCategorySchema },
  abilities: { find: sessionRule() },
  events: 'none',
})
