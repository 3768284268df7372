import { Type, type Static } from '@feathersjs/typebox'
import { MAX_SOCKET_IMPORT_CHARS, companyNoSchema, fileText, type Creates } from './common'
import { ERP_RESULT_OUTCOMES, type ErpResultOutcome } from '../domain/erpExport'
import { companyRule, defineService } from './descriptor'

/**
 * Path of the erp-import-results service: read the ERP's import result file back (docs/erp-export.md, "Import result
 * file": one row per booking number with ok / error / info and the ERP's message) and set the documents' status
 * flags ERPImported, ERPError (with the message) or ERPInfo. Booked documents take these flags: booking freezes the
 * booked values, not where the document stands in the ERP.
 */
export const erpImportResultsPath = 'erp-import-results'

/** Methods the erp-import-results service offers. */
export const erpImportResultsMethods = ['create'] as const

/** The largest result file sent over the socket (characters): a socket message is at most 2 MB. */
export const MAX_ERP_RESULT_FILE_CHARS = MAX_SOCKET_IMPORT_CHARS

/** The largest result file the import door (importFileHttpPaths) takes. */
export const MAX_ERP_RESULT_FILE_BYTES = 25 * 1024 * 1024

/**
 * erp-import-results.create: the file's text (`content`, over the socket) or the import door's file part, for one company. Rows name bookings of that company's
 * batches that are not revoked. A file not in the documented format is refused with 400 and `params.line` (keys
 * erp:error.resultHeader, resultStatus, resultNumber); nothing is applied then.
 */
export const erpImportResultDataSchema = Type.Object(
  {
    client_no: companyNoSchema,
    content: Type.Optional(fileText({ minLength: 1, maxLength: MAX_ERP_RESULT_FILE_CHARS })),
  },
  { $id: 'ErpImportResultData', additionalProperties: false },
)

/** Data of erp-import-results.create. */
export type ErpImportResultData = Static<typeof erpImportResultDataSchema>

const outcomeSchema = Type.Unsafe<ErpResultOutcome>({ type: 'string', enum: [...ERP_RESULT_OUTCOMES] })

/** One applied row: the booking number, its document and batch, the outcome and the ERP's message. */
export const erpAppliedResultSchema = Type.Object(
  {
    booking_no: Type.Integer(),
    document_id: Type.Integer(),
    batch_id: Type.Integer(),
    outcome: outcomeSchema,
    message: Type.Union([Type.String(), Type.Null()]),
  },
  { $id: 'ErpAppliedResult', additionalProperties: false },
)

/** One applied row. */
export type ErpAppliedResult = Static<typeof erpAppliedResultSchema>

/** The answer: what was applied, counted per outcome, and the booking numbers no active batch of the company holds. */
export const erpImportResultAnswerSchema = Type.Object(
  {
    client_no: Type.Integer(),
    applied: Type.Array(erpAppliedResultSchema),
    counts: Type.Object({ ok: Type.Integer(), error: Type.Integer(), info: Type.Integer() }),
    unknown: Type.Array(Type.Integer()),
  },
  { $id: 'ErpImportResultAnswer', additionalProperties: false },
)

/** The answer of erp-import-results.create. */
export type ErpImportResultAnswer = Static<typeof erpImportResultAnswerSchema>

/** Typed client view: create applies one result file. */
export type ErpImportResultsClientService = Creates<ErpImportResultAnswer, ErpImportResultData>

/**
 * The erp-import-results service: exp with the company (it marks documents, SPEC §6). No events of its own: each
 * changed document's `patched` event arrives on documents and aggregator, each batch's on erp-exports.
 */
export const erpImportResultsDescriptor = defineService<ErpImportResultsClientService>()({
  path: erpImportResultsPath,
  methods: erpImportResultsMethods,
  schemas: { data: erpImportResultDataSchema, result: erpImportResultAnswerSchema },
  abilities: { create: companyRule(['exp']) },
  events: 'none',
})
