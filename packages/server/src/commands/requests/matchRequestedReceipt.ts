import { toCents } from '@portal/sdk/domain'
import type { BankProposalRecord, SessionUser } from '@portal/sdk/services'
import type { Application } from '../../declarations'
import { bankTransactionRecord } from '../../models/bank-transactions'
import { standingBookingOfDocument } from '../../models/bookings'
import { transactionRequestsOfDocument } from '../../models/document-requests'
import { openItemOf } from '../../models/open-items'
import { actorOf } from '../../models/users'
import { emitSettled } from '../banking/emitSettled'
import { settleProposal } from '../banking/settleProposal'

/**
 * The receipt a company uploaded for a bank transaction settles that movement through the banking match code
 * (`settleProposal`: a payment, the match, the audit entry), once the document is booked and its open item is the
 * movement's amount. Answers whether it matched; a movement matched meanwhile, a document not booked yet or an amount
 * that differs leave the match to a person on the banking screen.
 */
export async function matchRequestedReceipt(props: { app: Application; user?: SessionUser; transactionId: number; documentId: number }): Promise<boolean> {
  const { app, transactionId, documentId } = props
  const knex = app.get('knex')
  const actor = await actorOf(knex, props.user)
  const settled = await knex.transaction(async (trx) => {
    await trx.raw('select id from bank_transactions where id = ? for update', [transactionId])
    const movement = await bankTransactionRecord(trx, transactionId)
    if (!movement || movement.matches.length > 0) return []
    const booking = await standingBookingOfDocument(trx, documentId)
    if (!booking || booking.company_no !== movement.company_no) return []
    const item = await openItemOf(trx, booking.id, movement.booking_date)
    const amountCents = Math.abs(toCents(movement.amount) ?? 0)
    if (!item || toCents(item.open) !== amountCents || amountCents === 0) return []
    const proposal: BankProposalRecord = { items: [{ bookingId: booking.id, documentNumber: booking.document_number, amountCents, discountCents: 0 }], reasons: ['amount'], confidence: 1 }
    return settleProposal(trx, { movement: { id: movement.id, companyNo: movement.company_no, bookingDate: movement.booking_date, mandateId: movement.mandate_id }, proposal, actor, automatic: false })
  })
  if (settled.length === 0) return false
  await emitSettled(app, settled, 'settled')
  const record = await bankTransactionRecord(knex, transactionId)
  if (record) app.service('bank-transactions').emit('patched', record)
  return true
}

/** After a document is booked: the bank transactions it was requested for are matched to it where the amount fits. */
export async function matchRequestedReceipts(props: { app: Application; user?: SessionUser; documentId: number }): Promise<void> {
  for (const request of await transactionRequestsOfDocument(props.app.get('knex'), props.documentId)) {
    await matchRequestedReceipt({ ...props, transactionId: request.bankTransactionId })
  }
}
