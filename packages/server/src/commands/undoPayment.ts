import { viennaToday } from '@portal/sdk/domain'
import type { PaymentRecord, SessionUser } from '@portal/sdk/services'
import type { Application } from '../declarations'
import { appendAudit } from '../models/audit-log'
import { openItemOf } from '../models/open-items'
import { lockBookingPayments, undoPayment as markUndone } from '../models/payments'
import { actorOf } from '../models/users'
import { forbidden } from '../policies/index'

/** Undoes a payment (kept, marked undone, audited); the item is open again and returns to every screen of the company. */
export async function undoPayment(props: { app: Application; user?: SessionUser; paymentId: number }): Promise<PaymentRecord> {
  const { app } = props
  const knex = app.get('knex')
  const actor = await actorOf(knex, props.user)
  const { payment, item } = await knex.transaction(async (trx) => {
    const row = (await trx('payments').where({ id: props.paymentId }).first('booking_id')) as { booking_id: number } | undefined
    if (!row) throw forbidden()
    await lockBookingPayments(trx, Number(row.booking_id))
    const payment = await markUndone(trx, props.paymentId, actor)
    if (!payment) throw forbidden()
    await appendAudit(trx, [
      { actor, action: 'payment.undo', entity: 'payments', targetId: String(payment.id), companyNo: payment.company_no, before: { amount: payment.amount, discount: payment.discount }, after: { undone: true } },
    ])
    return { payment, item: await openItemOf(trx, payment.booking_id, viennaToday()) }
  })
  if (item) app.service('unpaid-items').emit('created', item)
  return payment
}
