import type { Knex } from 'knex'
import { toBookingRow, type BookingRow } from './bookings'

/** A booking range of an export: booking dates from–to (inclusive), or one period YYYY-MM. */
export type ErpRange = { from: string; to: string; period?: undefined } | { period: string; from?: undefined; to?: undefined }

// Read-only queries of `bookings` the export needs; the table and its writes belong to models/bookings.ts.

/**
 * The columns the export reads, dates and decimals as text: a batch reads thousands of rows, and the database's own
 * text is what the writers need anyway (no Date objects to turn back into calendar days).
 */
const EXPORT_COLUMNS = `b.id, b.document_id, b.company_no, b.booking_no, b.kind, b.reverses_booking_id, b.document_type, b.account,
  b.counter_account, b.cost_center, b.period, b.book, b.document_number, b.document_date::text as document_date,
  b.booking_date::text as booking_date, b.due_date::text as due_date, b.discount_percent::text as discount_percent,
  b.discount_due_date::text as discount_due_date, b.currency, b.exchange_rate::text as exchange_rate, b.text,
  b.gross::text as gross, b.lines, b.settlement_kind, b.deducted::text as deducted, b.business_lunch,
  b.business_lunch_reason, b.business_lunch_participants, b.created_by, b.created_by_name, b.created_at`

/** Whether a booking (alias) is in a batch that is not revoked. */
const inActiveBatch = (alias: string) => (q: Knex.QueryBuilder) =>
  q.select(1).from('erp_export_items as i').whereRaw(`i.booking_id = ${alias}.id`).andWhere('i.active', true)

function inRange(query: Knex.QueryBuilder, range: ErpRange): Knex.QueryBuilder {
  return range.period !== undefined
    ? query.where('b.period', range.period)
    : query.whereBetween('b.booking_date', [range.from, range.to])
}

/**
 * The company's bookings of `range` a new batch takes, in booking-number order: every booking not yet in an active
 * batch and not reversed (a booking reversed before it was exported goes to the ERP with neither half), and every
 * reversal whose booking the ERP already has (in an active batch). `documentIds` narrows to those documents.
 */
export async function exportableBookings(
  db: Knex | Knex.Transaction,
  companyNo: number,
  range: ErpRange,
  documentIds?: readonly number[],
): Promise<BookingRow[]> {
  const query = inRange(db('bookings as b').where('b.company_no', companyNo), range)
    .whereNotExists(inActiveBatch('b'))
    .where((q) =>
      q
        .where((booking) =>
          booking
            .where('b.kind', 'booking')
            .whereNotExists((r) => r.select(1).from('bookings as r').whereRaw('r.reverses_booking_id = b.id')),
        )
        .orWhere((reversal) =>
          reversal
            .where('b.kind', 'reversal')
            .whereExists((i) =>
              i.select(1).from('erp_export_items as o').whereRaw('o.booking_id = b.reverses_booking_id').andWhere('o.active', true),
            ),
        ),
    )
  if (documentIds) query.whereIn('b.document_id', documentIds)
  const rows = (await query.orderBy('b.booking_no').select(db.raw(EXPORT_COLUMNS))) as Record<string, unknown>[]
  return rows.map(toBookingRow)
}

/** Bookings of `documentIds` in `range` that are already in an active batch, with that batch's id. */
export async function exportedBookingsOf(
  db: Knex | Knex.Transaction,
  companyNo: number,
  range: ErpRange,
  documentIds: readonly number[],
): Promise<{ booking: BookingRow; batchId: number }[]> {
  const rows = (await inRange(db('bookings as b').where('b.company_no', companyNo), range)
    .whereIn('b.document_id', documentIds)
    .join('erp_export_items as i', function joinActive() {
      this.on('i.booking_id', '=', 'b.id').andOn('i.active', '=', db.raw('true'))
    })
    .orderBy('b.booking_no')
    .select('b.*', 'i.batch_id as erp_batch_id')) as Record<string, unknown>[]
  return rows.map((row) => ({ booking: toBookingRow(row), batchId: Number(row.erp_batch_id) }))
}

/** Booking numbers by booking id, for the bookings a batch's reversals undo. */
export async function bookingNumbersOf(db: Knex | Knex.Transaction, ids: readonly number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map()
  const rows = (await db('bookings').whereIn('id', ids).select('id', 'booking_no')) as { id: number; booking_no: number }[]
  return new Map(rows.map((row) => [Number(row.id), Number(row.booking_no)]))
}

/** The bookings with these ids, in booking-number order (a kept batch's bookings, to rebuild its ZIP). */
export async function bookingsByIds(db: Knex | Knex.Transaction, ids: readonly number[]): Promise<BookingRow[]> {
  if (ids.length === 0) return []
  const rows = (await db('bookings').whereIn('id', ids).orderBy('booking_no')) as Record<string, unknown>[]
  return rows.map(toBookingRow)
}
