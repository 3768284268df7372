import type { BankTransactionRecord, SessionUser } from '@portal/sdk/services'
import type { Application } from '../../declarations'
import { appendAudit } from '../../models/audit-log'
import { standingMatches, undoBankMatches } from '../../models/bank-matches'
import { bankTransactionRecord } from '../../models/bank-transactions'
import { lockBookingPayments, undoPayment } from '../../models/payments'
import { actorOf } from '../../models/users'
import { forbidden } from '../../policies/index'
import { bankConflict } from './refuse'
import { emitSettled } from './emitSettled'

/** Undoes a movement's settlements: its payments are undone (kept, marked), the open items return, the proposals stay. */
export async function unmatchBankTransaction(props: { app: Application; user?: SessionUser; transactionId: number }): Promise<BankTransactionRecord> {
  const { app, transactionId } = props
  const knex = app.get('knex')
  const actor = await actorOf(knex, props.user)
  const restored = await knex.transaction(async (trx) => {
    const movement = await bankTransactionRecord(trx, transactionId)
    if (!movement) throw forbidden()
    const matches = await standingMatches(trx, transactionId)
    if (matches.length === 0) throw bankConflict('notMatched')
    for (const match of matches) {
      await lockBookingPayments(trx, match.bookingId)
      await undoPayment(trx, match.paymentId, actor)
    }
    await undoBankMatches(trx, transactionId)
    await appendAudit(trx, matches.map((match) => ({ actor, action: 'bankMatch.undo', entity: 'payments', targetId: String(match.paymentId), companyNo: movement.company_no, before: { transaction: transactionId }, after: { undone: true } })))
    return matches.map((match) => match.bookingId)
  })
  await emitSettled(app, restored, 'restored')
  const record = await bankTransactionRecord(knex, transactionId)
  if (!record) throw forbidden()
  app.service('bank-transactions').emit('patched', record)
  return record
}
