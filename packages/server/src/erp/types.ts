import type { ErpExportFormat } from '@portal/sdk/domain'
import type { TaxCodeTarget } from '@portal/sdk/domain'
import type { BookingLine, BookingRow } from '../models/bookings'

/** One tax line of a booking: decimal strings with two places, the rate in percent. */
export type ErpBookingLine = BookingLine

/**
 * What the writers read of one booking: the `bookings` row as its model types it (a type only: the library reads no
 * database). Amounts are in the booking's currency; `exchange_rate` is units of that currency per euro.
 */
export type ErpBooking = Omit<BookingRow, 'created_by' | 'created_by_name' | 'created_at'>

/** The company's ERP settings the formats need (DATEV header; the period the ERP has closed). */
export interface ErpCompanySettings {
  /** DATEV Beraternummer (1001–9999999). */
  datevConsultantNo: number | null
  /** DATEV Mandantennummer (1–99999). */
  datevClientNo: number | null
  /** DATEV Sachkontenlänge (4–8). */
  accountLength: number
  /** Month (1–12) the fiscal year starts in. */
  fiscalYearStartMonth: number
  /** YYYY-MM: the ERP's periods up to and including this one are closed; null when none is. */
  closedThrough: string | null
}

/** Everything one batch file is written from; the same input always gives the same bytes. */
export interface ErpExportInput {
  format: ErpExportFormat
  companyNo: number
  /** The batch's range (a period's first and last day), ISO dates. */
  dateFrom: string
  dateTo: string
  /** When the batch was created (ISO timestamp): the DATEV header's "Erzeugt am". */
  createdAt: string
  settings: ErpCompanySettings
  /** The firm's tax code table (defaults with its overrides). */
  targets: readonly TaxCodeTarget[]
  /** The batch's bookings, in booking-number order. */
  bookings: readonly ErpBooking[]
  /** Booking number of each reversed booking, by booking id (a reversal names what it undoes). */
  reversedNumbers: ReadonlyMap<number, number>
}
