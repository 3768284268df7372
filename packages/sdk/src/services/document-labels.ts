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

/** document-labels.create: one value for one field of one document. Dates YYYY-MM-DD, amounts 1234.56. */
export const documentLabelDataSchema = Type.Object(
  {
    document_id: Type.Integer({ minimum: 1, maximum: MAX_INTEGER }),
    field: Type.Unsafe<LabelField>({ type: 'string', enum: Object.keys(LABEL_FIELDS) }),
    value: Type.String({ minLength: 1, maxLength: 200 }),
  },
  { $id: 'DocumentLabelData', additionalProperties: false },
)

/** Data of document-labels.create. */
export type DocumentLabelData = Static<typeof documentLabelDataSchema>

/** The answer: the stored value and whether the supplier memory learned where it stands. */
export interface DocumentLabel {
  document_id: number
  field: LabelField
  value: string
  source: number
  learned: boolean
}

/** Typed client view of the document-labels service. */
export type DocumentLabelsClientService = Creates<DocumentLabel, DocumentLabelData>

/** The document-labels service: lab or app and the document's company; no events of its own (the document's arrive on documents). */
export const documentLabelsDescriptor = defineService<DocumentLabelsClientService>()({
  path: documentLabelsPath,
  methods: documentLabelsMethods,
  schemas: { data: documentLabelDataSchema },
  abilities: { create: companyRule(['lab', 'app']) },
  events: 'none',
})
