import { compact, dayMonth, dayMonthYear, dotted, periodRange } from './dates'
import { targetCode } from './check'
import { DATEV_COLUMNS, datevColumn } from './datev-columns'
import { bookingText, oneLine, rowsOf, type ErpRow } from './lines'
import { formatCents, formatRate } from './money'
import type { ErpExportInput } from './types'

/** The name of the booking file in a DATEV batch (DATEV's import looks for EXTF_ files). */
export const DATEV_FILE_NAME = 'EXTF_Buchungsstapel.csv'

/** An ISO date moved into from–to: itself when it lies there, else the nearer end. */
function clamp(date: string, from: string, to: string): string {
  return date < from ? from : date > to ? to : date
}

/** Kurs as DATEV's expression ^([1-9]\d{0,3}[,]\d{2,6})$ has it: at least two decimals ('1.200000' → '1,20'). */
function datevRate(rate: string): string {
  const [whole, fraction = ''] = formatRate(rate, ',').split(',')
  return `${whole},${fraction.padEnd(2, '0')}`
}

/** A DATEV text field: in double quotes, a quote doubled, one line, the separator kept (quotes protect it). */
function text(value: string | null | undefined, max: number): string {
  return `"${oneLine(value, max, '\u0000').replaceAll('"', '""')}"`
}

/** The first day of the fiscal year `date` falls in, for a year starting in `startMonth`. */
export function fiscalYearStart(date: string, startMonth: number): string {
  const year = Number(date.slice(0, 4))
  const month = Number(date.slice(5, 7))
  const startYear = month >= startMonth ? year : year - 1
  return `${startYear}-${String(startMonth).padStart(2, '0')}-01`
}

/** "Erzeugt am": JJJJMMTTHHMMSSFFF in UTC, from the batch's creation time (so the file is the same every time). */
function createdStamp(iso: string): string {
  const date = new Date(iso)
  const pad = (n: number, width = 2) => String(n).padStart(width, '0')
  return (
    `${date.getUTCFullYear()}${pad(date.getUTCMonth() + 1)}${pad(date.getUTCDate())}` +
    `${pad(date.getUTCHours())}${pad(date.getUTCMinutes())}${pad(date.getUTCSeconds())}${pad(date.getUTCMilliseconds(), 3)}`
  )
}

/** The header row (row 1) of the EXTF file: format, consultant and client, fiscal year, account length, range. */
function headerRow(input: ErpExportInput): string {
  const { settings } = input
  return [
    '"EXTF"', // Kennzeichen: written by a program other than DATEV
    '700', // Versionsnummer of the header
    '21', // Formatkategorie: Buchungsstapel
    '"Buchungsstapel"',
    '13', // Formatversion
    createdStamp(input.createdAt),
    '', // Importiert (DATEV fills it)
    '"RE"', // Herkunft
    '"Portal"', // Exportiert von
    '""', // Importiert von
    String(settings.datevConsultantNo ?? ''), // Beraternummer
    String(settings.datevClientNo ?? ''), // Mandantennummer
    compact(fiscalYearStart(input.dateFrom, settings.fiscalYearStartMonth)), // WJ-Beginn
    String(settings.accountLength), // Sachkontenlänge
    compact(input.dateFrom), // Datum vom
    compact(input.dateTo), // Datum bis
    text(`Portal ${input.companyNo} ${compact(input.dateFrom)}-${compact(input.dateTo)}`, 30), // Bezeichnung
    '""', // Diktatkürzel
    '1', // Buchungstyp: Finanzbuchführung
    '0', // Rechnungslegungszweck: unabhängig
    '0', // Festschreibung: none, the accountant may still correct the bookings in DATEV
    '"EUR"', // WKZ
    '',
    '""', // Derivatskennzeichen
    '',
    '',
    '""', // Sachkontenrahmen
    '', // Branchen-Lösungs-Id
    '',
    '""',
    '""', // Anwendungsinformation
  ].join(';')
}

/**
 * Soll/Haben of `Konto` (the supplier or customer account): a customer is debited (S) by an outgoing invoice, a
 * supplier credited (H) by an incoming invoice or cash-book expense; a credit note or reversal turns it. `Umsatz` is
 * always positive.
 */
function debitCredit(row: ErpRow): '"S"' | '"H"' {
  const debit = (row.side === 'output') === row.gross >= 0
  return debit ? '"S"' : '"H"'
}

function datevRow(row: ErpRow, input: ErpExportInput): string {
  const { booking } = row
  const cells: string[] = new Array<string>(DATEV_COLUMNS.length).fill('')
  const set = (name: string, value: string) => {
    cells[datevColumn(name)] = value
  }
  // Umsatz is in the booking's currency; a foreign one carries WKZ, Kurs and the euro Basis-Umsatz beside it.
  set('Umsatz (ohne Soll/Haben-Kz)', formatCents(Math.abs(row.gross), ','))
  set('Soll/Haben-Kennzeichen', debitCredit(row))
  set('WKZ Umsatz', text(booking.currency, 3))
  if (row.foreign) {
    set('Kurs', datevRate(booking.exchange_rate ?? ''))
    set('Basis-Umsatz', formatCents(Math.abs(row.grossEur), ','))
    set('WKZ Basis-Umsatz', text('EUR', 3))
  }
  set('Konto', String(booking.account))
  set('Gegenkonto (ohne BU-Schlüssel)', String(booking.counter_account))
  set('BU-Schlüssel', text(targetCode(input.targets, row.line.taxCode, 'datev') ?? '', 4))
  // Belegdatum is the document's date; DATEV reads it in the batch's range (Datum vom–bis), so an invoice dated before
  // the batch carries the batch's first day there and its own date in Beleginfo "Rechnungsdatum".
  const belegdatum = clamp(booking.document_date, input.dateFrom, input.dateTo)
  set('Belegdatum', dayMonth(belegdatum))
  // The booked period decides the tax period: where Belegdatum lies in another month, DATEV's column says which.
  const booked = periodRange(booking.period)
  if (belegdatum.slice(0, 7) !== booking.period) set('Datum Zuord. Steuerperiode', dayMonthYear(clamp(belegdatum, booked.from, booked.to)))
  set('Belegfeld 1', text(String(booking.booking_no), 36))
  set('Buchungstext', text(bookingText(booking, input.reversedNumbers), 60))
  set('Beleginfo - Art 1', text('Rechnungsnummer', 20))
  set('Beleginfo - Inhalt 1', text(booking.document_number, 210))
  set('Beleginfo - Art 2', text('Rechnungsdatum', 20))
  set('Beleginfo - Inhalt 2', text(dotted(booking.document_date), 210))
  if (booking.business_lunch) {
    set('Beleginfo - Art 3', text('Bewirtung', 20))
    const participants = booking.business_lunch_participants ? ` (${booking.business_lunch_participants})` : ''
    set('Beleginfo - Inhalt 3', text(`${booking.business_lunch_reason ?? ''}${participants}`, 210))
  }
  set('KOST1 - Kostenstelle', text(booking.cost_center, 36))
  if (booking.due_date) set('Fälligkeit', dayMonthYear(booking.due_date))
  return cells.join(';')
}

/** The DATEV EXTF Buchungsstapel's text: header row, column row, one row per tax line; CRLF. The caller encodes it. */
export function writeDatev(input: ErpExportInput): string {
  const lines = [
    headerRow(input),
    DATEV_COLUMNS.join(';'),
    ...rowsOf(input.bookings).map((row) => datevRow(row, input)),
  ]
  return `${lines.join('\r\n')}\r\n`
}
