import { bmdBuchcodeOfSide, taxCodeDefinition } from '@portal/sdk/domain'
import { dotted, daysBetween } from './dates'
import { targetCode } from './check'
import { bookingText, oneLine, rowsOf, type ErpRow } from './lines'
import { formatCents, formatRate, percentOf } from './money'
import type { ErpExportInput } from './types'

/**
 * BMD NTCS booking import (BuErf "Import Buchungen"), one row per tax line. The columns BMD documents, in this order:
 * satzart;konto;gkonto;belegnr;belegdatum;buchsymbol;buchcode;prozent;steuercode;betrag;steuer;text, then buchdatum,
 * periode, kost, zziel, skontopz, skontotage, skonto (the Skonto amount), extbelegnr, and for foreign currency
 * waehrung, fwbetrag, fwsteuer, fwskonto. docs/erp-export.md names the published source of each column's rule.
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
  'skonto',
  'extbelegnr',
  'waehrung',
  'fwbetrag',
  'fwsteuer',
  'fwskonto',
] as const

/** The name of the booking file in a BMD batch. */
export const BMD_FILE_NAME = 'buchungen-bmd.csv'

/**
 * The sign BMD expects per side [BMD doc, as NAVAX quotes it: "betrag … bei Buchcode 1 immer pos. ausser bei
 * Gutschrift"]: `betrag` (gross) carries the sign of the partner account's side — positive when the customer is debited
 * (buchcode 1, outgoing invoice), negative when the supplier is credited (buchcode 2, incoming invoice or cash book).
 * A credit note or reversal, whose amounts are negative, turns it.
 */
function signOf(row: ErpRow): 1 | -1 {
  return row.side === 'output' ? 1 : -1
}

/**
 * The sign of `steuer` [BMD doc: "VZ richtet sich nach Steuerart … Umsatzst.: Minus / Vorst. Plus / Erwerbsst.: Soll u.
 * Haben Minus"]: Umsatzsteuer minus, Vorsteuer plus, and the tax the recipient owes on a reverse-charge service or an
 * intra-community acquisition (a self-assessed code) minus on both sides. A credit note or reversal turns it.
 */
function taxSignOf(row: ErpRow): 1 | -1 {
  if (taxCodeDefinition(row.line.taxCode)?.selfAssessed) return -1
  return row.side === 'output' ? -1 : 1
}

/**
 * The Skonto amount of a line [BMD doc, as StaffSupply quotes it: "skonto Skonto-Betrag der Rechnung … negative Zahl …
 * Rechnung" beside a positive betrag]: the discount percent of the line's gross, with the sign opposite to betrag.
 */
function skontoOf(row: ErpRow, grossCents: number): number | undefined {
  const percent = row.booking.discount_percent
  if (!percent) return undefined
  return -signOf(row) * percentOf(grossCents, percent)
}

function bmdRow(row: ErpRow, input: ErpExportInput): string[] {
  const { booking } = row
  const sign = signOf(row)
  const taxSign = taxSignOf(row)
  const cell = (cents: number) => formatCents(cents, ',')
  const optional = (cents: number | undefined) => (cents === undefined ? '' : cell(cents))
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
    cell(taxSign * row.taxEur),
    oneLine(bookingText(booking, input.reversedNumbers), 255),
    dotted(booking.booking_date),
    booking.period.slice(5, 7),
    oneLine(booking.cost_center, 20),
    booking.due_date ? String(daysBetween(booking.document_date, booking.due_date)) : '',
    booking.discount_percent ? formatRate(booking.discount_percent, ',') : '',
    booking.discount_due_date ? String(daysBetween(booking.document_date, booking.discount_due_date)) : '',
    optional(skontoOf(row, row.grossEur)),
    oneLine(booking.document_number, 20),
    row.foreign ? booking.currency : '',
    row.foreign ? cell(sign * row.gross) : '',
    row.foreign ? cell(taxSign * row.tax) : '',
    row.foreign ? optional(skontoOf(row, row.gross)) : '',
  ]
}

/** The BMD booking file's text (CRLF lines, a header row of the column names); the caller encodes it. */
export function writeBmd(input: ErpExportInput): string {
  const lines = [BMD_COLUMNS.join(';'), ...rowsOf(input.bookings).map((row) => bmdRow(row, input).join(';'))]
  return `${lines.join('\r\n')}\r\n`
}
