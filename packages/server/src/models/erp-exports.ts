import type { Knex } from 'knex'
import type { ErpBatchStatus, ErpExportFormat, ErpItemStatus } from '@portal/sdk/domain'
import type { ErpExportBatch, ErpExportItem, Page } from '@portal/sdk/services'
import type { Actor } from './users'
import { inCompanies } from './overview-scope'

/** What a new batch stores (the command has written its files). */
export interface NewErpBatch {
  company_no: number
  format: ErpExportFormat
  date_from: string
  date_to: string
  period: string | null
  bookings: number
  lines: number
  documents: number
  booking_file_name: string
  booking_file: Uint8Array
  zip_name: string
  zip_size: number
  zip_sha256: string
  created_at: string
}

/** One booking of a new batch: the booking, its document and the document's name and content address in the ZIP. */
export interface NewErpItem {
  booking_id: number
  booking_no: number
  document_id: number
  file_name: string
  sha256: string
}

/** A stored batch with what the download needs (never sent as is: toErpExportBatch shapes the wire record). */
export interface ErpBatchRow {
  id: number
  company_no: number
  format: ErpExportFormat
  status: ErpBatchStatus
  booking_file_name: string
  booking_file: Buffer
  zip_name: string
  zip_size: number
  zip_sha256: string
}

/** One item row for rebuilding a ZIP. */
export interface ErpItemRow {
  booking_id: number
  booking_no: number
  document_id: number
  file_name: string
  sha256: string
  erp_status: ErpItemStatus
}

const iso = (value: unknown): string | null =>
  value === null || value === undefined ? null : value instanceof Date ? value.toISOString() : new Date(String(value)).toISOString()

const day = (value: unknown): string | null => {
  if (value === null || value === undefined) return null
  if (value instanceof Date) return new Date(value.getTime() - value.getTimezoneOffset() * 60_000).toISOString().slice(0, 10)
  return String(value).slice(0, 10)
}

/** The result counts per batch, for the batch records. */
const RESULT_COUNTS = `(select count(*) filter (where i.erp_status = 'imported' and i.result_at is not null) from erp_export_items i where i.batch_id = erp_export_batches.id) as results_ok,
  (select count(*) filter (where i.erp_status = 'error') from erp_export_items i where i.batch_id = erp_export_batches.id) as results_error,
  (select count(*) filter (where i.erp_status = 'info') from erp_export_items i where i.batch_id = erp_export_batches.id) as results_info`

/** A batch row as the wire record: no file bytes, no user ids. */
export function toErpExportBatch(row: Record<string, unknown>): ErpExportBatch {
  return {
    id: Number(row.id),
    company_no: Number(row.company_no),
    format: row.format as ErpExportFormat,
    date_from: row.period ? null : day(row.date_from),
    date_to: row.period ? null : day(row.date_to),
    period: (row.period as string | null) ?? null,
    status: row.status as ErpBatchStatus,
    bookings: Number(row.bookings),
    lines: Number(row.lines),
    documents: Number(row.documents),
    results: { ok: Number(row.results_ok ?? 0), error: Number(row.results_error ?? 0), info: Number(row.results_info ?? 0) },
    file_name: String(row.zip_name),
    size: Number(row.zip_size),
    sha256: String(row.zip_sha256),
    created_by_name: (row.created_by_name as string | null) ?? null,
    created_at: iso(row.created_at) ?? '',
    imported_by_name: (row.imported_by_name as string | null) ?? null,
    imported_at: iso(row.imported_at),
    revoked_by_name: (row.revoked_by_name as string | null) ?? null,
    revoked_at: iso(row.revoked_at),
  }
}

/** Stores a batch and its items (in the export's transaction); a booking already active elsewhere fails the unique index. */
export async function insertErpBatch(trx: Knex.Transaction, batch: NewErpBatch, items: readonly NewErpItem[], actor: Actor): Promise<number> {
  const [row] = (await trx('erp_export_batches')
    .insert({
      ...batch,
      // As base64 text decoded by the database: PGlite binds a large bytea parameter far more slowly than a string.
      booking_file: trx.raw("decode(?, 'base64')", [Buffer.from(batch.booking_file).toString('base64')]),
      created_by: actor.id,
      created_by_name: actor.name,
    })
    .returning('id')) as { id: number }[]
  const batchId = Number(row?.id)
  // One statement with five array parameters: thousands of rows per batch, far fewer parameters than a multi-row insert.
  await trx.raw(
    `insert into erp_export_items (batch_id, booking_id, booking_no, document_id, file_name, sha256)
     select ?, * from unnest(?::int[], ?::int[], ?::int[], ?::text[], ?::text[])`,
    [
      batchId,
      items.map((item) => item.booking_id),
      items.map((item) => item.booking_no),
      items.map((item) => item.document_id),
      items.map((item) => item.file_name),
      items.map((item) => item.sha256),
    ],
  )
  return batchId
}

/** One batch record, or undefined. */
export async function loadErpBatch(db: Knex | Knex.Transaction, id: number): Promise<ErpExportBatch | undefined> {
  const row = (await db('erp_export_batches').where({ id }).first('*', db.raw(RESULT_COUNTS))) as Record<string, unknown> | undefined
  return row ? toErpExportBatch(row) : undefined
}

/** One batch with its stored booking file (for the download), or undefined. */
export async function loadErpBatchFile(db: Knex | Knex.Transaction, id: number): Promise<ErpBatchRow | undefined> {
  const row = (await db('erp_export_batches')
    .where({ id })
    .first('id', 'company_no', 'format', 'status', 'booking_file_name', 'zip_name', 'zip_size', 'zip_sha256', db.raw(`encode(booking_file, 'base64') as booking_file_base64`))) as
    | (Omit<ErpBatchRow, 'booking_file'> & { booking_file_base64: string })
    | undefined
  if (!row) return undefined
  const { booking_file_base64: base64, ...rest } = row
  return { ...rest, zip_size: Number(rest.zip_size), booking_file: Buffer.from(base64, 'base64') }
}

/** The company of a batch, for the policy; undefined when there is no such batch. */
export async function companyOfErpBatch(db: Knex, id: number): Promise<number | undefined> {
  const row = (await db('erp_export_batches').where({ id }).first('company_no')) as { company_no: number } | undefined
  return row ? Number(row.company_no) : undefined
}

/** A company's batches, newest first. */
export async function erpBatchPage(
  db: Knex,
  companyNo: number,
  options: { status?: ErpBatchStatus; limit: number; skip: number },
): Promise<Page<ErpExportBatch>> {
  const base = db('erp_export_batches').where({ company_no: companyNo })
  if (options.status) base.where({ status: options.status })
  const counted = (await base.clone().count({ total: '*' }).first()) as { total: number | string } | undefined
  const rows = (await base
    .clone()
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(options.limit)
    .offset(options.skip)
    .select('*', db.raw(RESULT_COUNTS))) as Record<string, unknown>[]
  return { total: Number(counted?.total ?? 0), limit: options.limit, skip: options.skip, data: rows.map(toErpExportBatch) }
}

/** A batch's items in booking-number order, as the wire's items (with the document's invoice number and date). */
export async function erpBatchItems(db: Knex | Knex.Transaction, batchId: number): Promise<ErpExportItem[]> {
  const rows = (await db('erp_export_items as i')
    .join('bookings as b', 'b.id', 'i.booking_id')
    .where('i.batch_id', batchId)
    .orderBy('i.booking_no')
    .select('i.*', 'b.kind', 'b.document_number', 'b.document_date', 'b.gross', 'b.currency')) as Record<string, unknown>[]
  return rows.map((row) => ({
    booking_id: Number(row.booking_id),
    booking_no: Number(row.booking_no),
    kind: row.kind as ErpExportItem['kind'],
    document_id: Number(row.document_id),
    document_number: (row.document_number as string | null) ?? null,
    document_date: day(row.document_date) ?? '',
    gross: String(row.gross),
    currency: String(row.currency).trim(),
    erp_status: row.erp_status as ErpItemStatus,
    erp_message: (row.erp_message as string | null) ?? null,
  }))
}

/** The item rows of a batch for rebuilding its ZIP, in booking-number order. */
export async function erpItemRows(db: Knex | Knex.Transaction, batchId: number): Promise<ErpItemRow[]> {
  const rows = (await db('erp_export_items').where({ batch_id: batchId }).orderBy('booking_no')) as ErpItemRow[]
  return rows.map((row) => ({ ...row, booking_id: Number(row.booking_id), booking_no: Number(row.booking_no), document_id: Number(row.document_id) }))
}

/** Locks a batch row for a status change; undefined when there is none. */
export async function lockErpBatch(trx: Knex.Transaction, id: number): Promise<{ id: number; company_no: number; status: ErpBatchStatus } | undefined> {
  return (await trx('erp_export_batches').where({ id }).forUpdate().first('id', 'company_no', 'status')) as
    | { id: number; company_no: number; status: ErpBatchStatus }
    | undefined
}

/** Revokes a batch: its items stop being active, so their bookings may go into a new batch. */
export async function revokeErpBatch(trx: Knex.Transaction, id: number, actor: Actor): Promise<void> {
  await trx('erp_export_batches').where({ id }).update({ status: 'revoked', revoked_by: actor.id, revoked_by_name: actor.name, revoked_at: trx.fn.now() })
  await trx('erp_export_items').where({ batch_id: id }).update({ active: false })
}

/** Marks a batch imported; its items without an error result become imported. Answers their document ids. */
export async function markErpBatchImported(trx: Knex.Transaction, id: number, actor: Actor): Promise<number[]> {
  await trx('erp_export_batches').where({ id }).update({ status: 'imported', imported_by: actor.id, imported_by_name: actor.name, imported_at: trx.fn.now() })
  const rows = (await trx('erp_export_items')
    .where({ batch_id: id })
    .whereNot({ erp_status: 'error' })
    .update({ erp_status: trx.raw(`case when erp_status = 'info' then 'info' else 'imported' end`) })
    .returning('document_id')) as { document_id: number }[]
  return [...new Set(rows.map((row) => Number(row.document_id)))]
}

/** The active items of a company's batches with these booking numbers (what a result file's rows name). */
export async function activeItemsByBookingNo(
  db: Knex | Knex.Transaction,
  companyNo: number,
  bookingNos: readonly number[],
): Promise<{ id: number; batch_id: number; booking_no: number; document_id: number }[]> {
  if (bookingNos.length === 0) return []
  const rows = (await db('erp_export_items as i')
    .join('erp_export_batches as x', 'x.id', 'i.batch_id')
    .where({ 'x.company_no': companyNo, 'i.active': true })
    .whereIn('i.booking_no', bookingNos)
    .select('i.id', 'i.batch_id', 'i.booking_no', 'i.document_id')) as Record<string, unknown>[]
  return rows.map((row) => ({ id: Number(row.id), batch_id: Number(row.batch_id), booking_no: Number(row.booking_no), document_id: Number(row.document_id) }))
}

/** Records what the ERP said of one item. */
export async function setErpItemResult(trx: Knex.Transaction, itemId: number, status: ErpItemStatus, message: string | null): Promise<void> {
  await trx('erp_export_items').where({ id: itemId }).update({ erp_status: status, erp_message: message, result_at: trx.fn.now() })
}

/**
 * The ERP exports' part of the firm dashboard (models/company-overview.ts), over `sel` and `mon`: the last month a
 * batch not revoked covers (its period, else the month of its last day), and per month whether such a batch covers it
 * (its period, or a date range reaching into the month): then the month's release can no longer be withdrawn.
 */
export const EXPORT_CTES = `
  last_export as (
    select e.company_no, max(coalesce(e.period, to_char(e.date_to, 'YYYY-MM'))) as month from erp_export_batches e
    where ${inCompanies('e')} and e.status <> 'revoked' group by e.company_no),
  exported as (
    select e.company_no, mon.month from erp_export_batches e
    join mon on e.period = mon.month or (e.period is null and e.date_from <= mon.month_to and e.date_to >= mon.month_from)
    where ${inCompanies('e')} and e.status <> 'revoked' group by e.company_no, mon.month)`
