import type { BankMatchData, BankTransactionRecord, SessionUser } from '@portal/sdk/services'
import type { Application } from '../../declarations'
import { bankTransactionRecord } from '../../models/bank-transactions'
import { actorOf } from '../../models/users'
import { forbidden } from '../../policies/index'
import { badBankInput, bankConflict } from './refuse'
import { emitSettled } from './emitSettled'
import { settleProposal } from './settleProposal'

/** A person settles a movement by one of its proposals (one payment may pay several invoices, or part of one). */
export async function matchBankTransaction(props: { app: Application; user?: SessionUser; data: BankMatchData }): Promise<BankTransactionRecord> {
  const { app, data } = props
  const knex = app.get('knex')
  const actor = await actorOf(knex, props.user)
  const settled = await knex.transaction(async (trx) => {
    await trx.raw('select id from bank_transactions where id = ? for update', [data.transaction_id])
    const movement = await bankTransactionRecord(trx, data.transaction_id)
    if (!movement) throw forbidden()
    if (movement.matches.length > 0) throw bankConflict('alreadyMatched')
    const proposal = movement.proposals[data.proposal]
    if (!proposal) throw badBankInput('proposal', 'noSuchProposal')
    return settleProposal(trx, { movement: { id: movement.id, companyNo: movement.company_no, bookingDate: movement.booking_date, mandateId: movement.mandate_id }, proposal, actor, automatic: false })
  })
  await emitSettled(app, settled, 'settled')
  const record = await bankTransactionRecord(knex, data.transaction_id)
  if (!record) throw forbidden()
  app.service('bank-transactions').emit('patched', record)
  return record
}
