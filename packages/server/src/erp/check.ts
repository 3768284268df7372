import { taxCodeDefinition, type ErpExportFormat, type ErpRefusalReason, type TaxCodeTarget } from '@portal/sdk/domain'
import { percentOf, toCents } from './money'
import type { ErpBooking, ErpCompanySettings } from './types'

/** One refusal as the check finds it; the server adds the reasons that need the database (alreadyExported). */
export interface ErpCheckRefusal {
  document_id: number | null
  booking_no: number | null
  document_number: string | null
  reason: ErpRefusalReason
  field?: string
  params?: Record<string, string | number>
}

/** The most a line's tax may differ from its rate of its net amount: one cent, the invoice's own rounding. */
const TAX_TOLERANCE_CENTS = 1

function refusal(booking: ErpBooking, reason: ErpRefusalReason, field: string, params: Record<string, string | number> = {}): ErpCheckRefusal {
  return {
    document_id: booking.document_id,
    booking_no: booking.booking_no,
    document_number: booking.document_number,
    reason,
    field,
    params: { bookingNo: booking.booking_no, documentId: booking.document_id, ...params },
  }
}

/** Why the lines of a booking do not add up, or undefined when they do (amounts in cents of the booking's currency). */
export function taxMismatch(booking: ErpBooking): string | undefined {
  if (booking.lines.length === 0) return 'no tax line'
  let sum = 0
  for (const line of booking.lines) {
    const net = toCents(line.net)
    const tax = toCents(line.tax)
    const gross = toCents(line.gross)
    const selfAssessed = taxCodeDefinition(line.taxCode)?.selfAssessed ?? false
    // Reverse charge and intra-community acquisition: the invoice shows no tax, the booking computes it.
    const expectedGross = selfAssessed ? net : net + tax
    if (gross !== expectedGross) return `${line.taxCode}: net ${line.net} + tax ${line.tax} ≠ gross ${line.gross}`
    const expectedTax = percentOf(net, line.rate)
    if (Math.abs(expectedTax - tax) > TAX_TOLERANCE_CENTS) {
      return `${line.taxCode}: ${line.rate} % of ${line.net} is not ${line.tax}`
    }
    sum += gross
  }
  if (sum !== toCents(booking.gross)) return `lines sum to ${(sum / 100).toFixed(2)}, gross is ${booking.gross}`
  return undefined
}

/** The target system's code of `taxCode`, or undefined when the table has none (csv/json carry the portal's codes). */
export function targetCode(targets: readonly TaxCodeTarget[], taxCode: string, format: ErpExportFormat): string | undefined {
  const line = targets.find((target) => target.code === taxCode)
  if (format === 'bmd') return line?.bmdSteuercode
  if (format === 'datev') return line?.datevBu
  return taxCode
}

/**
 * Every reason the bookings cannot go into a `format` batch as they stand: missing accounts, lines that do not add up,
 * tax codes the target system has no code for, closed periods, foreign currency without a rate, and (DATEV) missing
 * consultant or client numbers. An empty list means the batch may be written.
 */
export function checkBookings(
  bookings: readonly ErpBooking[],
  format: ErpExportFormat,
  settings: ErpCompanySettings,
  targets: readonly TaxCodeTarget[],
  companyNo: number,
): ErpCheckRefusal[] {
  const refusals: ErpCheckRefusal[] = []
  if (format === 'datev' && (!settings.datevConsultantNo || !settings.datevClientNo)) {
    refusals.push({
      document_id: null,
      booking_no: null,
      document_number: null,
      reason: 'missingDatevNumbers',
      field: settings.datevConsultantNo ? 'datev_client_no' : 'datev_consultant_no',
      params: { companyNo },
    })
  }
  for (const booking of bookings) {
    if (!booking.account) refusals.push(refusal(booking, 'missingAccount', 'account'))
    if (!booking.counter_account) refusals.push(refusal(booking, 'missingCounterAccount', 'counter_account'))
    const mismatch = taxMismatch(booking)
    if (mismatch) refusals.push(refusal(booking, 'taxMismatch', 'lines', { detail: mismatch }))
    for (const line of booking.lines) {
      if (targetCode(targets, line.taxCode, format) === undefined) {
        refusals.push(refusal(booking, 'unknownTaxCode', 'lines', { taxCode: line.taxCode, format }))
      }
    }
    if (settings.closedThrough && booking.period <= settings.closedThrough) {
      refusals.push(refusal(booking, 'periodClosed', 'period', { period: booking.period, closedThrough: settings.closedThrough }))
    }
    if (booking.currency !== 'EUR' && !booking.exchange_rate) {
      refusals.push(refusal(booking, 'missingExchangeRate', 'exchange_rate', { currency: booking.currency }))
    }
  }
  return refusals
}
