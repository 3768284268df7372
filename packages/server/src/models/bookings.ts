import type { Knex } from 'knex'
import { SettlementKind } from '@portal/sdk/domain'

/** One line of a booking: the part of the document at one tax code; decimal strings with two places ('100.00'). */
export interface BookingLine {
  taxCode: string
  /** Percent, e.g. '20', '13', '0'. */
  rate: string
  net: string
  tax: string
  gross: string
}

/** A row of the append-only `bookings` table (migration 011). Decimals are strings, dates 'YYYY-MM-DD'. */
export interface BookingRow {
  id: number
  document_id: number
  company_no: number
  booking_no: number
  kind: 'booking' | 'reversal'
  reverses_booking_id: number | null
  document_type: string
  account: number
  counter_account: number
  cost_center: string | null
  period: string
  book: string | null
  document_number: string | null
  document_date: string
  booking_date: string
  due_date: string | null
  discount_percent: string | null
  discount_due_date: string | null
  currency: string
  exchange_rate: string | null
  text: string | null
  gross: string
  lines: BookingLine[]
  settlement_kind: string | null
  deducted: string | null
  business_lunch: boolean
  business_lunch_reason: string | null
  business_lunch_participants: string | null
  created_by: string | null
  created_by_name: string | null
  created_at: string
}

/** What a booking or reversal writes; id, booking_no and created_at are given by insertBooking and the database. */
export type NewBooking = Omit<BookingRow, 'id' | 'booking_no' | 'created_at'>

const isoDate = (value: unknown): string | null => {
  if (value === null || value === undefined) return null
  if (value instanceof Date) {
    // PGlite and pg hand dates back as local midnight; keep the calendar day.
    const local = new Date(value.getTime() - value.getTimezoneOffset() * 60_000)
    return local.toISOString().slice(0, 10)
  }
  return String(value).slice(0, 10)
}
const decimal = (value: unknown): string | null => (value === null || value === undefined ? null : String(value))

/** A database row as the typed BookingRow (numbers as numbers, decimals and dates as strings). */
export function toBookingRow(row: Record<string, unknown>): BookingRow {
  return {
    id: Number(row.id),
    document_id: Number(row.document_id),
    company_no: Number(row.company_no),
    booking_no: Number(row.booking_no),
    kind: row.kind as BookingRow['kind'],
    reverses_booking_id: row.reverses_booking_id === null ? null : Number(row.reverses_booking_id),
    document_type: String(row.document_type),
    account: Number(row.account),
    counter_account: Number(row.counter_account),
    cost_center: (row.cost_center as string | null) ?? null,
    period: String(row.period),
    book: (row.book as string | null) ?? null,
    document_number: (row.document_number as string | null) ?? null,
    document_date: isoDate(row.document_date) ?? '',
    booking_date: isoDate(row.booking_date) ?? '',
    due_date: isoDate(row.due_date),
    discount_percent: decimal(row.discount_percent),
    discount_due_date: isoDate(row.discount_due_date),
    currency: String(row.currency).trim(),
    exchange_rate: decimal(row.exchange_rate),
    text: (row.text as string | null) ?? null,
    gross: String(row.gross),
    lines: (typeof row.lines === 'string' ? JSON.parse(row.lines) : row.lines) as BookingLine[],
    settlement_kind: (row.settlement_kind as string | null) ?? null,
    deducted: decimal(row.deducted),
    business_lunch: Boolean(row.business_lunch),
    business_lunch_reason: (row.business_lunch_reason as string | null) ?? null,
    business_lunch_participants: (row.business_lunch_participants as string | null) ?? null,
    created_by: (row.created_by as string | null) ?? null,
    created_by_name: (row.created_by_name as string | null) ?? null,
    created_at: row.created_at instanceof Date ? row.created_at.toISOString() : String(row.created_at),
  }
}

/**
 * Appends a booking or reversal with the company's next booking number. Call it inside the booking's transaction
 * after locking the document: the number is taken under a per-company advisory lock, so two bookings never share one.
 */
export async function insertBooking(trx: Knex.Transaction, booking: NewBooking): Promise<BookingRow> {
  await trx.raw('select pg_advisory_xact_lock(?, ?)', [1011, booking.company_no])
  const last = await trx('bookings').where({ company_no: booking.company_no }).max({ last: 'booking_no' }).first()
  const bookingNo = Number(last?.last ?? 0) + 1
  const [row] = await trx('bookings')
    .insert({ ...booking, lines: JSON.stringify(booking.lines), booking_no: bookingNo })
    .returning('*')
  return toBookingRow(row as Record<string, unknown>)
}

/** A document's bookings and reversals, oldest first. */
export async function bookingsOfDocument(db: Knex | Knex.Transaction, documentId: number): Promise<BookingRow[]> {
  const rows: Record<string, unknown>[] = await db('bookings').where({ document_id: documentId }).orderBy('id')
  return rows.map(toBookingRow)
}

/** The document's booking that stands (not reversed), or undefined when it is not booked. */
export async function standingBookingOfDocument(
  db: Knex | Knex.Transaction,
  documentId: number,
): Promise<BookingRow | undefined> {
  const row = (await db('bookings as b')
    .where({ 'b.document_id': documentId, 'b.kind': 'booking' })
    .whereNotExists((q) => q.select(1).from('bookings as r').whereRaw('r.reverses_booking_id = b.id'))
    .orderBy('b.id', 'desc')
    .first()) as Record<string, unknown> | undefined
  return row ? toBookingRow(row) : undefined
}

/** A standing (not reversed) booking of the company, as a query to narrow further. */
function standingBookings(db: Knex | Knex.Transaction, companyNo: number): Knex.QueryBuilder {
  return db('bookings as b')
    .where({ 'b.company_no': companyNo, 'b.kind': 'booking' })
    .whereNotExists((q) => q.select(1).from('bookings as r').whereRaw('r.reverses_booking_id = b.id'))
}

/** The last standing booking of this supplier or customer account in a book of this document kind (the suggestions' source). */
export async function lastBookingOfAccount(
  db: Knex | Knex.Transaction,
  companyNo: number,
  account: number,
  documentType: string,
): Promise<BookingRow | undefined> {
  const row = (await standingBookings(db, companyNo)
    .where({ 'b.account': account, 'b.document_type': documentType })
    .orderBy('b.id', 'desc')
    .first('b.*')) as Record<string, unknown> | undefined
  return row ? toBookingRow(row) : undefined
}

/** The sum of the account's standing down payments since its last standing final settlement ('0.00' when none). */
export async function openDownPayments(db: Knex | Knex.Transaction, companyNo: number, account: number): Promise<string> {
  const lastFinal = (await standingBookings(db, companyNo)
    .where({ 'b.account': account, 'b.settlement_kind': SettlementKind.final_settlement })
    .max({ id: 'b.id' })
    .first()) as { id: number | null } | undefined
  const sum = (await standingBookings(db, companyNo)
    .where({ 'b.account': account, 'b.settlement_kind': SettlementKind.down_payment })
    .andWhere('b.id', '>', Number(lastFinal?.id ?? 0))
    .sum({ total: 'b.gross' })
    .first()) as { total: string | number | null } | undefined
  return Number(sum?.total ?? 0).toFixed(2)
}

/** Years booked records and their documents are kept at least (BAO § 132 (1)), from the end of the year of the last booking. */
export const RETENTION_YEARS = 7

/**
 * Until the end of which year a document must be kept because it was booked (a reversal counts: the journal keeps
 * both): the seventh calendar year after its last booking, or undefined for a document never booked.
 */
export async function retainedUntil(db: Knex | Knex.Transaction, documentId: number): Promise<number | undefined> {
  const row = (await db('bookings').where({ document_id: documentId }).max('booking_date as last').first()) as { last: string | Date | null } | undefined
  if (!row?.last) return undefined
  const year = row.last instanceof Date ? row.last.getFullYear() : Number(String(row.last).slice(0, 4))
  return year + RETENTION_YEARS
}
