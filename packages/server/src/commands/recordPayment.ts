import { PAYMENT_METHODS, checkPayment, discountOn, formatCents, settle, toCents, viennaToday } from '@portal/sdk/domain'
import { errorData } from '@portal/sdk/errors'
import { BadRequest } from '@feathersjs/errors'
import type { PaymentData, PaymentRecord, SessionUser } from '@portal/sdk/services'
import type { Application } from '../declarations'
import { appendAudit } from '../models/audit-log'
import { openItemOf } from '../models/open-items'
import { insertPayment, lockBookingPayments } from '../models/payments'
import { actorOf } from '../models/users'
import { forbidden } from '../policies/index'

/**
 * A person marks an open item paid or partly paid. The payment is checked against what is open on its booking
 * (date, amount at most the open amount, a method of SPEC §3); paid in time at the gross less the discount, it earns
 * the discount and settles the item. The item then leaves the list (`removed`) or shows its new open amount
 * (`patched`) on every screen of the company.
 */
export async function recordPayment(props: { app: Application; user?: SessionUser; data: PaymentData }): Promise<PaymentRecord> {
  const { app, data } = props
  const knex = app.get('knex')
  const actor = await actorOf(knex, props.user)
  const today = viennaToday()
  const { payment, item } = await knex.transaction(async (trx) => {
    await lockBookingPayments(trx, data.booking_id)
    const before = await openItemOf(trx, data.booking_id, data.paid_on.length === 10 ? data.paid_on : today)
    if (!before) throw forbidden()
    const openCents = toCents(before.open) ?? 0
    const issues = checkPayment(data, { openCents, documentDate: before.document_date }, PAYMENT_METHODS)
    if (openCents === 0) issues.unshift({ field: 'amount', rule: 'payment.alreadyPaid' })
    if (issues.length > 0) {
      const [first] = issues
      throw new BadRequest(`Payment refused: ${issues.map((issue) => `${issue.field} (${issue.rule})`).join(', ')}`, errorData(`unpaid:${first.rule}`, { field: first.field, rule: first.rule, issues: issues.map((issue) => `${issue.field}:${issue.rule}`).join(",") }))
    }
    // The discount as it stood on the day of payment.
    const discount = discountOn(
      { grossCents: toCents(before.gross) ?? 0, percent: before.discount_percent === null ? null : Number(before.discount_percent), discountDueDate: before.discount_due_date, paidCents: toCents(before.paid) ?? 0 },
      data.paid_on,
    )
    const settled = settle(openCents, toCents(data.amount) ?? 0, discount)
    const payment = await insertPayment(trx, {
      bookingId: data.booking_id,
      companyNo: before.company_no,
      paidOn: data.paid_on,
      amount: formatCents(toCents(data.amount) ?? 0),
      discount: formatCents(settled.discountCents),
      method: data.method,
      actor,
    })
    await appendAudit(trx, [
      { actor, action: 'payment.record', entity: 'payments', targetId: String(payment.id), companyNo: before.company_no, before: { open: before.open }, after: { amount: payment.amount, discount: payment.discount, paid_on: payment.paid_on, method: payment.method } },
    ])
    return { payment, item: await openItemOf(trx, data.booking_id, today) }
  })
  if (item) app.service('unpaid-items').emit(item.open === '0.00' ? 'removed' : 'patched', item)
  return payment
}
