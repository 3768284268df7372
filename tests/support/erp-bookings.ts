import type { Knex } from 'knex'
import { DocumentStatus } from '../../packages/sdk/src/domain/index'
import type { DocumentRecord } from '../../packages/sdk/src/services/index'
import { insertBooking, type BookingLine, type BookingRow, type NewBooking } from '../../packages/server/src/models/bookings'
import { uploadFiles, uploadResults, type UserSession } from './session'

/**
 * Books a document as the booking command leaves it, for tests of what follows booking (the ERP export): the Booked
 * flag and one booking row, by default an incoming invoice of 200.00 + 20 % to supplier 330001 on 5000, dated in
 * `period` (invoice on the 5th, booked on the 10th).
 */
export async function bookForTest(
  knex: Knex,
  booking: Pick<NewBooking, 'document_id' | 'company_no' | 'period'> & Partial<NewBooking>,
): Promise<BookingRow> {
  return knex.transaction(async (trx) => {
    await trx('documents')
      .where({ id: booking.document_id })
      .update({ status: trx.raw('status | ?', [DocumentStatus.Confirmed | DocumentStatus.Booked]) })
    return insertBooking(trx, {
      kind: 'booking',
      reverses_booking_id: null,
      document_type: 'ER',
      account: 330001,
      counter_account: 5000,
      cost_center: null,
      book: 'ER',
      document_number: `T-${booking.document_id}`,
      document_date: `${booking.period}-05`,
      booking_date: `${booking.period}-10`,
      due_date: null,
      discount_percent: null,
      discount_due_date: null,
      currency: 'EUR',
      exchange_rate: null,
      text: `Wareneinkauf ${booking.document_id}`,
      gross: '240.00',
      lines: [{ taxCode: 'V20', rate: '20', net: '200.00', tax: '40.00', gross: '240.00' }],
      settlement_kind: null,
      deducted: null,
      business_lunch: false,
      business_lunch_reason: null,
      business_lunch_participants: null,
      created_by: null,
      created_by_name: 'Test',
      ...booking,
    })
  })
}

const negate = (amount: string) => (amount.startsWith('-') ? amount.slice(1) : amount === '0.00' ? amount : `-${amount}`)

/** Appends the reversal of a booking (amounts negated), as a reversal booking does. */
export async function reverseForTest(knex: Knex, original: BookingRow): Promise<BookingRow> {
  return knex.transaction(async (trx) => {
    const { id, booking_no: _number, created_at: _at, ...rest } = original
    const lines: BookingLine[] = original.lines.map((line) => ({ ...line, net: negate(line.net), tax: negate(line.tax), gross: negate(line.gross) }))
    return insertBooking(trx, { ...rest, kind: 'reversal', reverses_booking_id: id, gross: negate(original.gross), lines })
  })
}

/** Uploads one file to `companyNo` as `user` and resolves with its record once its extraction is done. */
export async function extractedDocument(url: string, user: UserSession, companyNo: number, name: string, bytes: Uint8Array): Promise<DocumentRecord> {
  const done = new Promise<DocumentRecord>((resolve) => {
    const handler = (record: DocumentRecord) => {
      if (record.file_name === name && record.processing_state === 'done') {
        user.client.service('documents').removeListener('patched', handler)
        resolve(record)
      }
    }
    user.client.service('documents').on('patched', handler)
  })
  const [result] = await uploadResults(await uploadFiles(url, user.token, companyNo, [{ name, bytes }], 'er_u'))
  if (result?.status !== 'uploaded') throw new Error(`${name} was not uploaded: ${JSON.stringify(result)}`)
  return done
}
