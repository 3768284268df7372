import { DocumentStatus, hasStatus } from '@portal/sdk/domain'
import type { BookingRecord, DocumentBooking, DocumentBookingData, DocumentBookingPatch } from '@portal/sdk/services'
import type { Application } from '../../declarations'
import { integerId, type PortalParams } from '../../hooks/guard'
import { bookDocument } from '../../commands/bookDocument'
import { reverseBooking } from '../../commands/reverseBooking'
import { suggestBooking } from '../../commands/suggestBooking'
import { bookingSettingsOf } from '../../models/accounting-setup'
import { bookingsOfDocument, type BookingRow } from '../../models/bookings'
import { documentNoAccess, loadDocument, type DocumentRow } from '../../models/documents/index'

/** A bookings row as the service answers it. */
function toBookingRecord(row: BookingRow): BookingRecord {
  return {
    id: row.id,
    document_id: row.document_id,
    company_no: row.company_no,
    booking_no: row.booking_no,
    kind: row.kind,
    reverses_booking_id: row.reverses_booking_id,
    document_type: row.document_type,
    account: row.account,
    counter_account: row.counter_account,
    cost_center: row.cost_center,
    period: row.period,
    book: row.book,
    document_number: row.document_number,
    document_date: row.document_date,
    booking_date: row.booking_date,
    due_date: row.due_date,
    discount_percent: row.discount_percent,
    discount_due_date: row.discount_due_date,
    currency: row.currency,
    text: row.text,
    gross: row.gross,
    lines: row.lines,
    settlement_kind: row.settlement_kind,
    deducted: row.deducted,
    business_lunch: row.business_lunch,
    business_lunch_reason: row.business_lunch_reason,
    business_lunch_participants: row.business_lunch_participants,
    created_by_name: row.created_by_name,
    created_at: row.created_at,
  }
}

/** Booking a confirmed document, its booking and suggestions, and its reversal. */
export class DocumentBookingsService {
  constructor(private readonly app: Application) {}

  /** The document's booking state with the suggestions for booking it. */
  async get(id: number | string, _params: PortalParams = {}): Promise<DocumentBooking> {
    const knex = this.app.get('knex')
    const document = await loadDocument(knex, integerId(id))
    if (!document || document.deleted_at) throw documentNoAccess()
    return this.answer(document)
  }

  /** Books the document (acc). */
  async create(data: DocumentBookingData, params: PortalParams = {}): Promise<DocumentBooking> {
    const { document } = await bookDocument({ app: this.app, user: params.user, data })
    return this.answer(document)
  }

  /** Reverses the document's booking (acc). */
  async patch(id: number | string, data: DocumentBookingPatch, params: PortalParams = {}): Promise<DocumentBooking> {
    const { document } = await reverseBooking({ app: this.app, user: params.user, documentId: integerId(id), version: data.version, reason: data.reason })
    return this.answer(document)
  }

  private async answer(document: DocumentRow): Promise<DocumentBooking> {
    const knex = this.app.get('knex')
    const rows = await bookingsOfDocument(knex, document.id)
    const reversed = new Set(rows.map((row) => row.reverses_booking_id).filter((id) => id !== null))
    const standing = rows.filter((row) => row.kind === 'booking' && !reversed.has(row.id)).at(-1)
    const status = Number(document.status)
    // A booked document needs no suggestions (nothing is booked until a reversal); only the settings are shown.
    const suggested = hasStatus(status, DocumentStatus.Booked)
      ? { suggestions: {}, suggested_lines: [], new_account: null, settings: await bookingSettingsOf(knex, document.company_no) }
      : await suggestBooking({ db: knex, document })
    const decimal = (value: unknown) => (value === null || value === undefined ? null : String(value))
    return {
      document_id: document.id,
      company_no: document.company_no,
      version: Number(document.version),
      document_type: document.document_type,
      confirmed: hasStatus(status, DocumentStatus.Confirmed),
      booked: hasStatus(status, DocumentStatus.Booked),
      booking: standing ? toBookingRecord(standing) : null,
      bookings: rows.map(toBookingRecord),
      totals: {
        net: decimal(document.total_net),
        tax: decimal(document.tax_amount),
        gross: decimal(document.total_gross),
        currency: String(document.currency ?? 'EUR').trim(),
      },
      ...suggested,
    }
  }
}
