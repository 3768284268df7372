import type { PaymentRunPatch, PaymentRunRecord, SessionUser } from '@portal/sdk/services'
import type { Application } from '../../declarations'
import { appendAudit } from '../../models/audit-log'
import { lockRun, paymentRun, setRunStatus } from '../../models/payment-runs'
import { actorOf } from '../../models/users'
import { forbidden } from '../../policies/index'
import { paymentConflict } from '../approvals/refuse'
import { asListed, emitRunItems } from './createPaymentRun'

/**
 * A run moves on: `release` by a second person (not its creator) when the company's policy asks for it; `sent` once
 * released (or at once when no release is asked for); `cancel` before it was sent, which frees its items. Audited.
 */
export async function changePaymentRun(props: { app: Application; user?: SessionUser; id: number; data: PaymentRunPatch }): Promise<PaymentRunRecord> {
  const { app, id, data } = props
  const knex = app.get('knex')
  const actor = await actorOf(knex, props.user)
  await knex.transaction(async (trx) => {
    const run = await lockRun(trx, id)
    if (!run) throw forbidden()
    let next: 'released' | 'sent' | 'cancelled'
    if (data.action === 'release') {
      if (!run.release_required) throw paymentConflict('runs', 'releaseNotRequired')
      if (run.status !== 'created') throw paymentConflict('runs', 'notCreated', { status: run.status })
      if (run.created_by !== null && run.created_by === actor.id) throw paymentConflict('runs', 'sameAsCreator')
      next = 'released'
    } else if (data.action === 'sent') {
      const ready = run.status === 'released' || (run.status === 'created' && !run.release_required)
      if (!ready) throw paymentConflict('runs', run.status === 'created' ? 'notReleased' : 'notCreated', { status: run.status })
      next = 'sent'
    } else {
      if (run.status !== 'created' && run.status !== 'released') throw paymentConflict('runs', 'notCreated', { status: run.status })
      next = 'cancelled'
    }
    await setRunStatus(trx, id, next, actor)
    const action = data.action === 'release' ? 'paymentRun.release' : data.action === 'sent' ? 'paymentRun.sent' : 'paymentRun.cancel'
    await appendAudit(trx, [{ actor, action, entity: 'payment_runs', targetId: String(id), companyNo: run.company_no, before: { status: run.status }, after: { status: next } }])
  })
  const record = (await paymentRun(knex, id))!
  app.service('payment-runs').emit('patched', asListed(record))
  if (record.status === 'cancelled') await emitRunItems(app, record)
  return record
}
