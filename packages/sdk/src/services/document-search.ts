import { Type, type Static } from '@feathersjs/typebox'
import { companyNoSchema, skipSchema, type Page, type QueryParams } from './common'
import type { DocumentKind } from './documents-common'
import { companyRule, defineService } from './descriptor'

/** Path of the document-search service: full-text search over all pages of a company's documents. */
export const documentSearchPath = 'document-search'

/** Methods the document-search service offers. */
export const documentSearchMethods = ['find'] as const

/** document-search.find: words to find (German and English stemming, web-search syntax: "phrase", -not, or). */
export const documentSearchQuerySchema = Type.Object(
  {
    client_no: companyNoSchema,
    q: Type.String({ minLength: 1, maxLength: 200 }),
    $limit: Type.Optional(Type.Integer({ minimum: 0, maximum: 50 })),
    $skip: skipSchema,
  },
  { $id: 'DocumentSearchQuery', additionalProperties: false },
)

/** Query of document-search.find. */
export type DocumentSearchQuery = Static<typeof documentSearchQuerySchema>

/** A piece of a snippet; `hit` marks the words that matched (render them highlighted, as text, never as HTML). */
export interface SnippetPart {
  text: string
  hit: boolean
}

/** One ranked hit. */
export interface DocumentSearchHit {
  id: number
  file_name: string
  document_type: DocumentKind
  invoice_number: string | null
  invoice_date: string | null
  total_gross: string | null
  rank: number
  snippet: SnippetPart[]
}

/** Typed client view: find answers a ranked page of hits. */
export interface DocumentSearchClientService {
  find(params: QueryParams<DocumentSearchQuery>): Promise<Page<DocumentSearchHit>>
}

/** The document-search service: doc and the company searched; no events. */
export const documentSearchDescriptor = defineService<DocumentSearchClientService>()({
  path: documentSearchPath,
  methods: documentSearchMethods,
  schemas: { query: documentSearchQuerySchema },
  abilities: { find: companyRule(['doc']) },
  events: 'none',
})
