import { taxCodeDefinition } from '@portal/sdk/domain'
import { bookingText, rowsOf } from './lines'
import { formatCents } from './money'
import type { ErpBooking, ErpExportInput } from './types'

/** The names of the neutral booking files. */
export const NEUTRAL_CSV_FILE_NAME = 'bookings.csv'
export const NEUTRAL_JSON_FILE_NAME = 'bookings.json'

/** The name of a booking's document in the ZIP: its booking number and the file's extension. */
export function documentFileName(bookingNo: number, extension: string): string {
  return `documents/${bookingNo}.${extension}`
}

/**
 * The neutral CSV's columns (docs/erp-export.md describes each): UTF-8, comma, '.' decimals, ISO dates, one row per
 * tax line, amounts signed as booked (negative for credit notes and reversals), in the booking's currency and in euro.
 */
export const NEUTRAL_COLUMNS = [
  'booking_no',
  'kind',
  'reverses_booking_no',
  'document_id',
  'document_type',
  'document_number',
  'document_date',
  'booking_date',
  'period',
  'book',
  'account',
  'counter_account',
  'cost_center',
  'tax_code',
  'tax_side',
  'tax_case',
  'rate',
  'net',
  'tax',
  'gross',
  'currency',
  'exchange_rate',
  'net_eur',
  'tax_eur',
  'gross_eur',
  'due_date',
  'discount_percent',
  'discount_due_date',
  'text',
  'business_lunch',
  'business_lunch_reason',
  'business_lunch_participants',
  'settlement_kind',
  'deducted',
] as const

/** RFC 4180: a field with a comma, quote or line break in double quotes, quotes doubled. */
function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value
}

function reversedNo(booking: ErpBooking, input: ErpExportInput): string {
  return booking.reverses_booking_id === null ? '' : String(input.reversedNumbers.get(booking.reverses_booking_id) ?? '')
}

/** The neutral CSV's text (CRLF, header row). */
export function writeNeutralCsv(input: ErpExportInput): string {
  const lines: string[] = [NEUTRAL_COLUMNS.join(',')]
  for (const row of rowsOf(input.bookings)) {
    const { booking, line } = row
    const definition = taxCodeDefinition(line.taxCode)
    const values: Record<(typeof NEUTRAL_COLUMNS)[number], string> = {
      booking_no: String(booking.booking_no),
      kind: booking.kind,
      reverses_booking_no: reversedNo(booking, input),
      document_id: String(booking.document_id),
      document_type: booking.document_type,
      document_number: booking.document_number ?? '',
      document_date: booking.document_date,
      booking_date: booking.booking_date,
      period: booking.period,
      book: booking.book ?? '',
      account: String(booking.account),
      counter_account: String(booking.counter_account),
      cost_center: booking.cost_center ?? '',
      tax_code: line.taxCode,
      tax_side: row.side,
      tax_case: definition?.case ?? '',
      rate: line.rate,
      net: formatCents(row.net),
      tax: formatCents(row.tax),
      gross: formatCents(row.gross),
      currency: booking.currency,
      exchange_rate: booking.exchange_rate ?? '',
      net_eur: formatCents(row.netEur),
      tax_eur: formatCents(row.taxEur),
      gross_eur: formatCents(row.grossEur),
      due_date: booking.due_date ?? '',
      discount_percent: booking.discount_percent ?? '',
      discount_due_date: booking.discount_due_date ?? '',
      text: bookingText(booking, input.reversedNumbers),
      business_lunch: booking.business_lunch ? 'true' : 'false',
      business_lunch_reason: booking.business_lunch_reason ?? '',
      business_lunch_participants: booking.business_lunch_participants ?? '',
      settlement_kind: booking.settlement_kind ?? '',
      deducted: booking.deducted ?? '',
    }
    lines.push(NEUTRAL_COLUMNS.map((column) => csvField(values[column])).join(','))
  }
  return `${lines.join('\r\n')}\r\n`
}

/**
 * The neutral JSON: `{ format, version, company_no, date_from, date_to, created_at, bookings: [...] }`, each booking
 * with its lines (amounts as decimal strings with the booking's signs) and the name of its document in the ZIP.
 */
export function writeNeutralJson(input: ErpExportInput, documentNames: ReadonlyMap<number, string>): string {
  const bookings = input.bookings.map((booking) => ({
    booking_no: booking.booking_no,
    kind: booking.kind,
    reverses_booking_no: booking.reverses_booking_id === null ? null : (input.reversedNumbers.get(booking.reverses_booking_id) ?? null),
    document_id: booking.document_id,
    document_file: documentNames.get(booking.booking_no) ?? null,
    document_type: booking.document_type,
    document_number: booking.document_number,
    document_date: booking.document_date,
    booking_date: booking.booking_date,
    period: booking.period,
    book: booking.book,
    account: booking.account,
    counter_account: booking.counter_account,
    cost_center: booking.cost_center,
    currency: booking.currency,
    exchange_rate: booking.exchange_rate,
    gross: booking.gross,
    due_date: booking.due_date,
    discount_percent: booking.discount_percent,
    discount_due_date: booking.discount_due_date,
    text: bookingText(booking, input.reversedNumbers),
    business_lunch: booking.business_lunch,
    business_lunch_reason: booking.business_lunch_reason,
    business_lunch_participants: booking.business_lunch_participants,
    settlement_kind: booking.settlement_kind,
    deducted: booking.deducted,
    lines: booking.lines.map((line) => ({
      tax_code: line.taxCode,
      tax_side: taxCodeDefinition(line.taxCode)?.side ?? null,
      tax_case: taxCodeDefinition(line.taxCode)?.case ?? null,
      rate: line.rate,
      net: line.net,
      tax: line.tax,
      gross: line.gross,
    })),
  }))
  const document = {
    format: 'portal-erp-export',
    version: 1,
    company_no: input.companyNo,
    date_from: input.dateFrom,
    date_to: input.dateTo,
    created_at: input.createdAt,
    bookings,
  }
  return `${JSON.stringify(document, null, 2)}\n`
}
