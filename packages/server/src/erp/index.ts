/**
 * The ERP export as a library: it writes a batch's booking file in BMD NTCS, DATEV EXTF or the neutral CSV / JSON,
 * checks bookings before export, packs the batch ZIP and reads the ERP's import result file. It knows nothing of the
 * database, services or the document store: the server hands it rows and bytes.
 */
import iconv from 'iconv-lite'
import type { ErpExportFormat } from '@portal/sdk/domain'
import { BMD_FILE_NAME, writeBmd } from './bmd'
import { DATEV_FILE_NAME, writeDatev } from './datev'
import { NEUTRAL_CSV_FILE_NAME, NEUTRAL_JSON_FILE_NAME, writeNeutralCsv, writeNeutralJson } from './neutral'
import type { ErpExportInput } from './types'

export * from './types'
export { checkBookings, taxMismatch, targetCode, type ErpCheckRefusal } from './check'
export { buildZip, type ZipEntry } from './zip'
export { parseResultFile, ErpResultFileError, type ErpResultReason, type ErpResultRow } from './result'
export { documentFileName } from './neutral'
export { rowsOf } from './lines'
export { periodRange } from './dates'

/** A batch's booking file: its name in the ZIP and its bytes. */
export interface BookingFile {
  name: string
  bytes: Uint8Array
  /** Rows of bookings in it (one per tax line). */
  lines: number
}

/** The file name of each format's booking file. */
export const BOOKING_FILE_NAMES: Record<ErpExportFormat, string> = {
  bmd: BMD_FILE_NAME,
  datev: DATEV_FILE_NAME,
  csv: NEUTRAL_CSV_FILE_NAME,
  json: NEUTRAL_JSON_FILE_NAME,
}

/**
 * Writes the booking file of `input.format`: BMD and DATEV in Windows-1252 (what both import by default; a character
 * it lacks becomes '?'), the neutral CSV and JSON in UTF-8. `documentNames` (booking number → name in the ZIP) goes
 * into the JSON.
 */
export function writeBookingFile(input: ErpExportInput, documentNames: ReadonlyMap<number, string> = new Map()): BookingFile {
  const lines = input.bookings.reduce((sum, booking) => sum + booking.lines.length, 0)
  const name = BOOKING_FILE_NAMES[input.format]
  switch (input.format) {
    case 'bmd':
      return { name, lines, bytes: new Uint8Array(iconv.encode(writeBmd(input), 'win1252')) }
    case 'datev':
      return { name, lines, bytes: new Uint8Array(iconv.encode(writeDatev(input), 'win1252')) }
    case 'csv':
      return { name, lines, bytes: new TextEncoder().encode(writeNeutralCsv(input)) }
    case 'json':
      return { name, lines, bytes: new TextEncoder().encode(writeNeutralJson(input, documentNames)) }
  }
}
