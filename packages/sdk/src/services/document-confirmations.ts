import { Type, type Static } from '@feathersjs/typebox'
import { MAX_INTEGER, type Creates } from './common'
import { documentVersionSchema } from './document-labels'
import type { DocumentRecord } from './documents'
import { companyRule, defineService } from './descriptor'

/** Path of the document-confirmations service: a person confirms a document's values (SPEC §6 `app`). */
export const documentConfirmationsPath = 'document-confirmations'

/** Methods the document-confirmations service offers. */
export const documentConfirmationsMethods = ['create'] as const

/**
 * document-confirmations.create: confirm one document as it stood at `version`. Every current value becomes a
 * Human_Confirmation 12 candidate, the Confirmed flag is set, so it moves ER_U → ER (AR_U → AR) and the badge drops.
 * A confirmed document may be confirmed again after a correction. Refusals: 409 documents:staleVersion (someone
 * changed it since), 409 documents:bookedCannotChange, 422 documents:notConfirmable with `params.issues` (the
 * FieldIssue list of document-fields) when a rule of SPEC §5 is broken; a missing, foreign or trashed document
 * answers the no-access 403.
 */
export const documentConfirmationDataSchema = Type.Object(
  {
    document_id: Type.Integer({ minimum: 1, maximum: MAX_INTEGER }),
    version: documentVersionSchema,
  },
  { $id: 'DocumentConfirmationData', additionalProperties: false },
)

/** Data of document-confirmations.create. */
export type DocumentConfirmationData = Static<typeof documentConfirmationDataSchema>

/** Typed client view: create answers the confirmed document (its new version, status with Confirmed). */
export type DocumentConfirmationsClientService = Creates<DocumentRecord, DocumentConfirmationData>

/** The document-confirmations service: app and the document's company; the document's events arrive on documents and aggregator. */
export const documentConfirmationsDescriptor = defineService<DocumentConfirmationsClientService>()({
  path: documentConfirmationsPath,
  methods: documentConfirmationsMethods,
  schemas: { data: documentConfirmationDataSchema },
  abilities: { create: companyRule(['app']) },
  events: 'none',
})
