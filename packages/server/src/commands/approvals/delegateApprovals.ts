import { daysBetween } from '@portal/sdk/domain'
import type { ApprovalDelegationData, ApprovalDelegationRecord, SessionUser } from '@portal/sdk/services'
import type { Application } from '../../declarations'
import { appendAudit } from '../../models/audit-log'
import { approverCandidates, delegationOf, endDelegation, insertDelegation } from '../../models/approvals'
import { actorOf } from '../../models/users'
import { forbidden } from '../../policies/index'
import { badPaymentInput, paymentConflict } from './refuse'

/**
 * Hands a person's approvals to another for a span of days (absence): both must be approvers of the company (holding
 * it and `app`), and not the same person; from the caller's own unless they name someone else. Audited.
 */
export async function delegateApprovals(props: { app: Application; user?: SessionUser; data: ApprovalDelegationData }): Promise<ApprovalDelegationRecord> {
  const { app, data } = props
  const knex = app.get('knex')
  const actor = await actorOf(knex, props.user)
  if (!actor.id) throw forbidden()
  const fromUser = data.from_user ?? actor.id
  if (daysBetween(data.from_date, data.to_date) < 0) throw badPaymentInput('approval', 'to_date', 'dateOrder')
  if (fromUser === data.to_user) throw badPaymentInput('approval', 'to_user', 'sameUser')
  const candidates = new Map((await approverCandidates(knex, data.client)).map((candidate) => [candidate.id, candidate.name]))
  if (!candidates.has(fromUser)) throw badPaymentInput('approval', 'from_user', 'notCandidate', { user: fromUser })
  if (!candidates.has(data.to_user)) throw badPaymentInput('approval', 'to_user', 'notCandidate', { user: data.to_user })
  const id = await knex.transaction(async (trx) => {
    const inserted = await insertDelegation(trx, {
      company_no: data.client,
      from_user: fromUser,
      from_name: candidates.get(fromUser),
      to_user: data.to_user,
      to_name: candidates.get(data.to_user),
      from_date: data.from_date,
      to_date: data.to_date,
      created_by: actor.id,
    })
    await appendAudit(trx, [
      { actor, action: 'approvalDelegation.create', entity: 'approval_delegations', targetId: String(inserted), companyNo: data.client, after: { from: candidates.get(fromUser), to: candidates.get(data.to_user), from_date: data.from_date, to_date: data.to_date } },
    ])
    return inserted
  })
  const record = (await delegationOf(knex, id))!
  app.service('approval-delegations').emit('created', record)
  return record
}

/** Ends a delegation before its last day (kept, marked ended). Audited. */
export async function endApprovalDelegation(props: { app: Application; user?: SessionUser; id: number }): Promise<ApprovalDelegationRecord> {
  const { app, id } = props
  const knex = app.get('knex')
  const actor = await actorOf(knex, props.user)
  const before = await delegationOf(knex, id)
  if (!before) throw forbidden()
  if (before.ended) throw paymentConflict('approval', 'delegationEnded')
  await knex.transaction(async (trx) => {
    await endDelegation(trx, id)
    await appendAudit(trx, [{ actor, action: 'approvalDelegation.end', entity: 'approval_delegations', targetId: String(id), companyNo: before.company_no, before: { ended: false }, after: { ended: true } }])
  })
  const record = (await delegationOf(knex, id))!
  app.service('approval-delegations').emit('patched', record)
  return record
}
