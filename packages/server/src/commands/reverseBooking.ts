import { DataSource, HistoryAction, negatedAmount, reversedLines } from '@portal/sdk/domain'
import type { SessionUser } from '@portal/sdk/services'
import type { Application } from '../declarations'
import { insertBooking, standingBookingOfDocument, type BookingRow } from '../models/bookings'
import { appendHistory } from '../models/document-history'
import { rerankCandidates } from '../models/document-candidates'
import { documentNoAccess, emitDocumentEvent, lockBookedDocument, notBooked, unbookDocument, type DocumentRow } from '../models/documents/index'
import { actorOf } from '../models/users'

/** Props of reverseBooking. */
export interface ReverseBookingProps {
  app: Application
  user?: SessionUser
  documentId: number
  /** The version the person saw; a document that moved on is refused (409 documents:staleVersion). */
  version: number
  /** Why the booking is reversed; kept in the document's history and as the reversal's booking text. */
  reason: string
}

/**
 * An accountant reverses a document's booking (Storno), the only change a booked document allows (BAO §131/§132):
 * in one transaction a reversal row with every amount negated is appended under the company's next booking number,
 * the booked values stand again as confirmed ones (so the next correction outranks them), the Booked flag is cleared
 * and the history records the reversal with its reason. Nothing of the booking itself is changed or deleted. The
 * document is then correctable and may be booked again. 409 booking:refusal.notBooked when it is not booked.
 */
export async function reverseBooking(props: ReverseBookingProps): Promise<{ document: DocumentRow; reversal: BookingRow }> {
  const { app, documentId } = props
  const knex = app.get('knex')
  const actor = await actorOf(knex, props.user)
  const reason = props.reason.trim()
  const result = await knex.transaction(async (trx) => {
    const locked = await lockBookedDocument(trx, documentId, props.version)
    if (!locked) return undefined
    if (locked.deleted_at) throw documentNoAccess()
    const booking = await standingBookingOfDocument(trx, documentId)
    if (!booking) throw notBooked(documentId)
    const { id: _id, booking_no: _no, created_at: _at, ...kept } = booking
    const reversal = await insertBooking(trx, {
      ...kept,
      kind: 'reversal',
      reverses_booking_id: booking.id,
      booking_date: new Date().toISOString().slice(0, 10),
      text: reason,
      gross: negatedAmount(booking.gross) ?? '0.00',
      deducted: negatedAmount(booking.deducted),
      lines: reversedLines(booking.lines),
      created_by: actor.id,
      created_by_name: actor.name,
    })
    await rerankCandidates(trx, documentId, DataSource.Human_Booking, DataSource.Human_Confirmation)
    const document = await unbookDocument(trx, documentId)
    await appendHistory(trx, [
      {
        document_id: documentId,
        company_no: document.company_no,
        user_id: actor.id,
        user_name: actor.name,
        action: HistoryAction.reverse,
        field: null,
        old_value: String(booking.booking_no),
        new_value: reason,
        source: DataSource.Human_Booking,
        version: Number(document.version),
      },
    ])
    return { document, reversal }
  })
  if (!result) throw documentNoAccess()
  emitDocumentEvent(app, 'patched', result.document)
  return result
}
