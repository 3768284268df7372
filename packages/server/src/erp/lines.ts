import { taxSideOfDocumentType, type TaxSide } from '@portal/sdk/domain'
import { toCents, toEuroCents } from './money'
import type { ErpBooking, ErpBookingLine } from './types'

/**
 * One row of a booking file: one tax line of a booking, with its amounts in cents both in the booking's currency and
 * in euro (equal for EUR). Signs are the booking's: positive for an invoice, negative for a credit note or a reversal.
 */
export interface ErpRow {
  booking: ErpBooking
  line: ErpBookingLine
  side: TaxSide
  net: number
  tax: number
  gross: number
  netEur: number
  taxEur: number
  grossEur: number
  foreign: boolean
}

/** The rows of a batch: every tax line of every booking, in booking order then line order. */
export function rowsOf(bookings: readonly ErpBooking[]): ErpRow[] {
  const rows: ErpRow[] = []
  for (const booking of bookings) {
    const side = taxSideOfDocumentType(booking.document_type)
    const foreign = booking.currency !== 'EUR'
    for (const line of booking.lines) {
      const net = toCents(line.net)
      const tax = toCents(line.tax)
      const gross = toCents(line.gross)
      const rate = booking.exchange_rate ?? '1'
      // Euro amounts convert gross and tax; net follows from them, so the converted line still adds up.
      const grossEur = foreign ? toEuroCents(gross, rate) : gross
      const taxEur = foreign ? toEuroCents(tax, rate) : tax
      const netEur = foreign ? (gross === net ? grossEur : grossEur - taxEur) : net
      rows.push({ booking, line, side, net, tax, gross, netEur, taxEur, grossEur, foreign })
    }
  }
  return rows
}

/** A text for a one-line field: line breaks, tabs and the separator become spaces, cut to `max` characters. */
export function oneLine(text: string | null | undefined, max: number, separator = ';'): string {
  if (!text) return ''
  // Most texts need no cleaning; checking first keeps 10,000-line files fast.
  if (text.length <= max && !/[\r\n\t]| {2}/.test(text) && !text.includes(separator) && text.trim() === text) return text
  const cleaned = text.replace(/[\r\n\t]/g, ' ').split(separator).join(' ').replace(/ {2,}/g, ' ').trim()
  return cleaned.slice(0, max)
}

/** The booking text a format writes: the booked text, else what kind of booking it is and the invoice number. */
export function bookingText(booking: ErpBooking, reversedNumbers: ReadonlyMap<number, number>): string {
  const base = booking.text ?? booking.document_number ?? ''
  if (booking.kind === 'reversal' && booking.reverses_booking_id !== null) {
    const reversed = reversedNumbers.get(booking.reverses_booking_id)
    return `Storno ${reversed ?? ''} ${base}`.replace(/\s+/g, ' ').trim()
  }
  return base
}
