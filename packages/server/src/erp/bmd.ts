import { bmdBuchcodeOfSide } from '@portal/sdk/domain'
import { dotted, daysBetween } from './dates'
import { targetCode } from './check'
import { bookingText, oneLine, rowsOf, type ErpRow } from './lines'
import { formatCents, formatRate } from './money'
import type { ErpExportInput } from './types'

/**
 * BMD NTCS booking import (BuErf "Import Buchungen"), one row per tax line. The columns BMD documents, in this order:
 * satzart;konto;gkonto;belegnr;belegdatum;buchsymbol;buchcode;prozent;steuercode;betrag;steuer;text, then buchdatum,
 * periode, kost, zziel, skontopz, skontotage, extbelegnr, and for foreign currency waehrung, fwbetrag, fwsteuer.
 */
export const BMD_COLUMNS = [
  'satzart',
  'konto',
  'gkonto',
  'belegnr',
  'belegdatum',
  'buchsymbol',
  'buchcode',
  'prozent',
  'steuercode',
  'betrag',
  'steuer',
  'text',
  'buchdatum',
  'periode',
  'kost',
  'zziel',
  'skontopz',
  'skontotage',
  'extbelegnr',
  'waehrung',
  'fwbetrag',
  'fwsteuer',
] as const

/** The name of the booking file in a BMD batch. */
export const BMD_FILE_NAME = 'buchungen-bmd.csv'

/**
 * The sign BMD expects per side [BMD doc]: `betrag` (gross) carries the sign of the partner account's side — positive
 * when the customer is debited (buchcode 1, outgoing invoice), negative when the supplier is credited (buchcode 2,
 * incoming invoice or cash book) — and `steuer` the opposite sign (Umsatzsteuer minus, Vorsteuer plus). A credit note
 * or reversal, whose amounts are negative, turns both.
 */
function signOf(row: ErpRow): 1 | -1 {
  return row.side === 'output' ? 1 : -1
}

function bmdRow(row: ErpRow, input: ErpExportInput): string[] {
  const { booking } = row
  const sign = signOf(row)
  const cell = (cents: number) => formatCents(cents, ',')
  return [
    '0', // satzart 0: a FIBU booking
    String(booking.account),
    String(booking.counter_account),
    String(booking.booking_no),
    dotted(booking.document_date),
    oneLine(booking.book ?? booking.document_type, 2),
    bmdBuchcodeOfSide(row.side),
    formatRate(row.line.rate, ','),
    targetCode(input.targets, row.line.taxCode, 'bmd') ?? '',
    cell(sign * row.grossEur),
    cell(-sign * row.taxEur),
    oneLine(bookingText(booking, input.reversedNumbers), 255),
    dotted(booking.booking_date),
    booking.period.slice(5, 7),
    oneLine(booking.cost_center, 20),
    booking.due_date ? String(daysBetween(booking.document_date, booking.due_date)) : '',
    booking.discount_percent ? formatRate(booking.discount_percent, ',') : '',
    booking.discount_due_date ? String(daysBetween(booking.document_date, booking.discount_due_date)) : '',
    oneLine(booking.document_number, 20),
    row.foreign ? booking.currency : '',
    row.foreign ? cell(sign * row.gross) : '',
    row.foreign ? cell(-sign * row.tax) : '',
  ]
}

/** The BMD booking file's text (CRLF lines, a header row of the column names); the caller encodes it. */
export function writeBmd(input: ErpExportInput): string {
  const lines = [BMD_COLUMNS.join(';'), ...rowsOf(input.bookings).map((row) => bmdRow(row, input).join(';'))]
  return `${lines.join('\r\n')}\r\n`
}
