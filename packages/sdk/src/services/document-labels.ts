import { Type, type Static } from '@feathersjs/typebox'
import { MAX_INTEGER, type Creates } from './common'
import { LABEL_FIELDS, type LabelField } from '../domain/fields'
import { companyRule, defineService } from './descriptor'

/** Path of the document-labels service: values people enter or correct on a document (Human_Labeling 9). */
export const documentLabelsPath = 'document-labels'

/** Methods the document-labels service offers. */
export const documentLabelsMethods = ['create'] as const

// The labelable fields are domain vocabulary; named here too because the labels contract is where callers look.
export { LABEL_FIELDS, type LabelField }

/** A coordinate or size on a page in PDF points (pages are at most 14,400 points; the bound keeps nonsense out). */
const pointsSchema = Type.Number({ minimum: 0, maximum: 100000 })

/** Where a value was picked on the page: a box in PDF points, origin top-left, as document-fields answers boxes. */
export const labelBoxSchema = Type.Object(
  { x: pointsSchema, y: pointsSchema, width: pointsSchema, height: pointsSchema },
  { $id: 'LabelBox', additionalProperties: false },
)

/** A document's version as a write sends it: the one the caller saw (documents carry it as `version`). */
export const documentVersionSchema = Type.Integer({ minimum: 1, maximum: MAX_INTEGER })

/**
 * document-labels.create: one value for one field of one document, typed or picked on the page. Values by the
 * field's kind (LABEL_FIELDS): dates YYYY-MM-DD, amounts 1234.56, booleans true/false, tax lines as JSON text
 * `[{"basis":"100.00","rate":"20","tax":"20.00"}]`; at most 200 characters, tax lines 2,000. An empty value clears
 * the field ("not on the document"): it outranks the machines' values like any person's value. `page` (1-based) and
 * `box` (PDF points, as document-fields answers them) say where the value stands when it was picked by pointing;
 * they are kept with the candidate and teach the supplier memory. `version` is the document's version the caller
 * saw: a stale one is refused with 409 documents:staleVersion (leave it out only in scripts that want the last
 * word). A refused value answers 400 with a key naming the rule and `params.field` (validation:date,
 * errors:account.notFound, errors:document.calculationFailed, …).
 */
export const documentLabelDataSchema = Type.Object(
  {
    document_id: Type.Integer({ minimum: 1, maximum: MAX_INTEGER }),
    field: Type.Unsafe<LabelField>({ type: 'string', enum: Object.keys(LABEL_FIELDS) }),
    value: Type.String({ maxLength: 2000 }),
    version: Type.Optional(documentVersionSchema),
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: 10000 })),
    box: Type.Optional(labelBoxSchema),
  },
  { $id: 'DocumentLabelData', additionalProperties: false },
)

/** Data of document-labels.create. */
export type DocumentLabelData = Static<typeof documentLabelDataSchema>

/**
 * The answer: the stored value (normalised), its source (Human_Labeling 9, or Human_Confirmation 12 when it corrects
 * a confirmed document), whether the supplier memory learned where it stands, and the document's new version.
 */
export interface DocumentLabel {
  document_id: number
  field: LabelField
  value: string
  source: number
  learned: boolean
  version: number
}

/** Typed client view of the document-labels service. */
export type DocumentLabelsClientService = Creates<DocumentLabel, DocumentLabelData>

/**
 * The document-labels service: lab or app and the document's company, and `app` when the document is confirmed
 * (labelPermissions); a trashed document is refused like a missing one. No events of its own (the document's
 * arrive on documents and aggregator).
 */
export const documentLabelsDescriptor = defineService<DocumentLabelsClientService>()({
  path: documentLabelsPath,
  methods: documentLabelsMethods,
  schemas: { data: documentLabelDataSchema },
  abilities: { create: companyRule(['lab', 'app']) },
  events: 'none',
})
