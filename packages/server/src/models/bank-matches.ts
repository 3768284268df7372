import type { Knex } from 'knex'

/** Links a movement to the payment its settlement created. */
export async function insertBankMatch(trx: Knex.Transaction, match: { transactionId: number; paymentId: number; bookingId: number; companyNo: number; confidence: number; automatic: boolean; reasons: string[]; actorName: string | null }): Promise<void> {
  await trx('bank_matches').insert({
    transaction_id: match.transactionId,
    payment_id: match.paymentId,
    booking_id: match.bookingId,
    company_no: match.companyNo,
    confidence: match.confidence,
    automatic: match.automatic,
    reasons: match.reasons.join(','),
    created_by_name: match.actorName,
  })
}

/** The standing matches of a movement (their payments to undo). */
export async function standingMatches(trx: Knex.Transaction, transactionId: number): Promise<{ id: number; paymentId: number; bookingId: number }[]> {
  const rows = (await trx('bank_matches').where({ transaction_id: transactionId }).whereNull('undone_at').forUpdate().select('id', 'payment_id', 'booking_id')) as Record<string, unknown>[]
  return rows.map((row) => ({ id: Number(row.id), paymentId: Number(row.payment_id), bookingId: Number(row.booking_id) }))
}

/** Marks a movement's matches undone (kept for the record). */
export async function undoBankMatches(trx: Knex.Transaction, transactionId: number): Promise<void> {
  await trx('bank_matches').where({ transaction_id: transactionId }).whereNull('undone_at').update({ undone_at: trx.fn.now() })
}
