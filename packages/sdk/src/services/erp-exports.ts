import { Type, type Static } from '@feathersjs/typebox'
import {
  companyNoSchema,
  dateSchema,
  MAX_INTEGER,
  skipSchema,
  type Creates,
  type Finds,
  type Gets,
  type Page,
  type Patches,
  type Removes,
} from './common'
import {
  ERP_BATCH_STATUSES,
  ERP_EXPORT_FORMATS,
  ERP_REFUSAL_REASONS,
  type ErpBatchStatus,
  type ErpExportFormat,
  type ErpItemStatus,
  type ErpRefusalReason,
} from '../domain/erpExport'
import { companyRule, defineService } from './descriptor'

/**
 * Path of the erp-exports service: a company's export batches of booked documents for the ERP (BMD NTCS, DATEV,
 * neutral CSV / JSON). Each batch is kept and its ZIP (booking file + every document's PDF named by its booking
 * number) is downloaded over HTTP, byte-identical every time: GET erpExportHttpPaths.download(id) with
 * `Authorization: Bearer <identity token>`; the same rule as erp-exports.get decides (acc or exp, the batch's company).
 */
export const erpExportsPath = 'erp-exports'

/** Methods the erp-exports service offers. */
export const erpExportsMethods = ['find', 'get', 'create', 'patch', 'remove'] as const

/** The HTTP door of the export batches (not a socket method: a ZIP is a file). */
export const erpExportHttpPaths = {
  /** The batch's ZIP (application/zip, Content-Disposition attachment with the batch's file name). */
  download: (id: number) => `/api/erp-exports/${id}/download`,
} as const

const formatSchema = Type.Unsafe<ErpExportFormat>({ type: 'string', enum: [...ERP_EXPORT_FORMATS] })
const statusSchema = Type.Unsafe<ErpBatchStatus>({ type: 'string', enum: [...ERP_BATCH_STATUSES] })
const nullableString = Type.Union([Type.String(), Type.Null()])
const nullableDate = Type.Union([Type.String({ format: 'date' }), Type.Null()])

/** An accounting period as bookings carry it: YYYY-MM. */
export const erpPeriodSchema = Type.String({ pattern: '^[0-9]{4}-(0[1-9]|1[0-2])$' })

/**
 * One export batch. `bookings` counts the bookings (and reversals) in it, `lines` the rows of its booking file (one
 * per tax line), `documents` the documents; `results` what the ERP's import result file said so far. `file_name`,
 * `size` and `sha256` describe the ZIP the download answers.
 */
export const erpExportBatchSchema = Type.Object(
  {
    id: Type.Integer(),
    company_no: Type.Integer(),
    format: formatSchema,
    date_from: nullableDate,
    date_to: nullableDate,
    period: Type.Union([erpPeriodSchema, Type.Null()]),
    status: statusSchema,
    bookings: Type.Integer(),
    lines: Type.Integer(),
    documents: Type.Integer(),
    results: Type.Object({ ok: Type.Integer(), error: Type.Integer(), info: Type.Integer() }),
    file_name: Type.String(),
    size: Type.Integer(),
    sha256: Type.String(),
    created_by_name: nullableString,
    created_at: Type.String({ format: 'date-time' }),
    imported_by_name: nullableString,
    imported_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
    revoked_by_name: nullableString,
    revoked_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  },
  { $id: 'ErpExportBatch', additionalProperties: false },
)

/** One export batch. */
export type ErpExportBatch = Static<typeof erpExportBatchSchema>

/** One booking of a batch with what the ERP said about it (`erp_message` from the import result file). */
export const erpExportItemSchema = Type.Object(
  {
    booking_id: Type.Integer(),
    booking_no: Type.Integer(),
    kind: Type.Union([Type.Literal('booking'), Type.Literal('reversal')]),
    document_id: Type.Integer(),
    document_number: nullableString,
    document_date: Type.String({ format: 'date' }),
    gross: Type.String(),
    currency: Type.String(),
    erp_status: Type.Unsafe<ErpItemStatus>({ type: 'string', enum: ['pending', 'imported', 'error', 'info'] }),
    erp_message: nullableString,
  },
  { $id: 'ErpExportItem', additionalProperties: false },
)

/** One booking of a batch. */
export type ErpExportItem = Static<typeof erpExportItemSchema>

/** erp-exports.get answers the batch with its bookings, in booking-number order. */
export type ErpExportBatchDetail = ErpExportBatch & { items: ErpExportItem[] }

/**
 * Why one booking cannot be exported: the document (and its booking number and invoice number, to find it), the
 * reason (i18n `erp:refusal.<reason>`) and, where it helps, the field and values (e.g. taxMismatch: `expected`,
 * `actual`). A batch-wide refusal (missingDatevNumbers) has `document_id` null.
 */
export const erpRefusalSchema = Type.Object(
  {
    document_id: Type.Union([Type.Integer(), Type.Null()]),
    booking_no: Type.Union([Type.Integer(), Type.Null()]),
    document_number: nullableString,
    reason: Type.Unsafe<ErpRefusalReason>({ type: 'string', enum: [...ERP_REFUSAL_REASONS] }),
    field: Type.Optional(Type.String()),
    params: Type.Optional(Type.Record(Type.String(), Type.Union([Type.String(), Type.Number()]))),
  },
  { $id: 'ErpRefusal', additionalProperties: false },
)

/** One refusal of the check. */
export type ErpRefusal = Static<typeof erpRefusalSchema>

/** erp-exports.find: one company's batches, newest first, optionally of one status. */
export const erpExportsQuerySchema = Type.Object(
  {
    client_no: companyNoSchema,
    status: Type.Optional(statusSchema),
    $limit: Type.Optional(Type.Integer({ minimum: 0, maximum: 500 })),
    $skip: skipSchema,
  },
  { $id: 'ErpExportsQuery', additionalProperties: false },
)

/** Query of erp-exports.find. */
export type ErpExportsQuery = Static<typeof erpExportsQuerySchema>

/**
 * erp-exports.create: export the company's standing bookings not yet in an active batch, of one `period` (YYYY-MM)
 * or of a booking-date range `from`–`to` (both, inclusive), in `format`. `document_ids` narrows the batch to those
 * documents (a named document already exported is refused with alreadyExported). With `dry_run: true` nothing is
 * stored and the answer is the check (ErpExportCheck). Refusals: 422 erp:batchRefused with `data.refusals`
 * (ErpRefusal[]) when any booking would be wrong; 422 erp:nothingToExport when no booking is left; 400 naming the
 * field when neither or both of period and from/to are given, or from is after to.
 */
export const erpExportDataSchema = Type.Object(
  {
    client_no: companyNoSchema,
    format: formatSchema,
    period: Type.Optional(erpPeriodSchema),
    from: Type.Optional(dateSchema),
    to: Type.Optional(dateSchema),
    document_ids: Type.Optional(
      Type.Array(Type.Integer({ minimum: 1, maximum: MAX_INTEGER }), { minItems: 1, maxItems: 10000, uniqueItems: true }),
    ),
    dry_run: Type.Optional(Type.Boolean()),
  },
  { $id: 'ErpExportData', additionalProperties: false },
)

/** Data of erp-exports.create. */
export type ErpExportData = Static<typeof erpExportDataSchema>

/** The answer of a dry run: what the batch would hold and every refusal (empty when the batch may be created). */
export const erpExportCheckSchema = Type.Object(
  {
    dry_run: Type.Literal(true),
    client_no: Type.Integer(),
    format: formatSchema,
    bookings: Type.Integer(),
    lines: Type.Integer(),
    documents: Type.Integer(),
    refusals: Type.Array(erpRefusalSchema),
  },
  { $id: 'ErpExportCheck', additionalProperties: false },
)

/** The check of a dry run. */
export type ErpExportCheck = Static<typeof erpExportCheckSchema>

/**
 * erp-exports.patch(id, {imported: true}): exp confirms the ERP imported the batch; its documents get ERPImported
 * (those the result file reported as errors keep ERPError). 409 erp:batchRevoked for a revoked batch.
 */
export const erpExportPatchSchema = Type.Object(
  { imported: Type.Literal(true) },
  { $id: 'ErpExportPatch', additionalProperties: false },
)

/** Data of erp-exports.patch. */
export type ErpExportPatch = Static<typeof erpExportPatchSchema>

/**
 * Typed client view. create answers the stored batch, or the check when `dry_run` is set. remove(id) revokes the batch
 * (kept and still downloadable, its bookings free for a new batch) and answers it; 409 erp:batchImported once the ERP
 * import was confirmed, 409 erp:batchRevoked when already revoked.
 */
export type ErpExportsClientService = Finds<ErpExportsQuery, Page<ErpExportBatch>> &
  Gets<ErpExportBatchDetail> &
  Creates<ErpExportBatch | ErpExportCheck, ErpExportData> &
  Patches<ErpExportBatch, ErpExportPatch> &
  Removes<ErpExportBatch>

/**
 * The erp-exports service: read, create and revoke with acc or exp (exporting booked documents is the bookkeeping's
 * own step), mark imported only with exp (SPEC §6: "Mark documents as booked/imported"); always with the company.
 * Batch events (created, patched, removed) go to the company; a dry run sends none.
 */
export const erpExportsDescriptor = defineService<ErpExportsClientService>()({
  path: erpExportsPath,
  methods: erpExportsMethods,
  schemas: { query: erpExportsQuerySchema, data: erpExportDataSchema, patch: erpExportPatchSchema, result: erpExportBatchSchema },
  abilities: {
    find: companyRule(['acc', 'exp']),
    get: companyRule(['acc', 'exp']),
    create: companyRule(['acc', 'exp']),
    patch: companyRule(['exp']),
    remove: companyRule(['acc', 'exp']),
  },
  events: 'company',
})
