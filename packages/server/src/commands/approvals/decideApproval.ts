import { approvalRefusal, DocumentKind, viennaToday } from '@portal/sdk/domain'
import type { DocumentApproval, DocumentApprovalData, SessionUser } from '@portal/sdk/services'
import type { Application } from '../../declarations'
import { appendAudit } from '../../models/audit-log'
import { delegatorsOf, documentApproval, insertStep, lockApproval, policyRow, standingBookingsOf, stepsOf, writeApprovalStates } from '../../models/approvals'
import { approvalSubjectOf } from '../../models/documents/index'
import { openItemOf } from '../../models/open-items'
import { actorOf } from '../../models/users'
import { forbidden } from '../../policies/index'
import { badPaymentInput, paymentConflict } from './refuse'

/**
 * A person approves an incoming invoice, rejects it (with a reason) or asks a question about it. Above the company's
 * limit two different people approve (four eyes: neither the same person twice nor one person for two); a named
 * approver's delegate approves in their place while they are away. The step is appended (the history stays, booked or
 * not), the derived state stored, the step audited, and the invoice's open item told.
 */
export async function decideApproval(props: { app: Application; user?: SessionUser; data: DocumentApprovalData }): Promise<DocumentApproval> {
  const { app, data } = props
  const knex = app.get('knex')
  const actor = await actorOf(knex, props.user)
  const text = data.text?.trim() || null
  if (data.action === 'reject' && !text) throw badPaymentInput('approval', 'text', 'reasonRequired')
  if (data.action === 'question' && !text) throw badPaymentInput('approval', 'text', 'questionRequired')
  const result = await knex.transaction(async (trx) => {
    await lockApproval(trx, data.document_id)
    const subject = await approvalSubjectOf(trx, data.document_id)
    if (!subject) throw forbidden()
    if (subject.document_type !== DocumentKind.ER) throw badPaymentInput('approval', 'document_id', 'incomingOnly')
    if (!actor.id) throw forbidden()
    const policy = await policyRow(trx, subject.company_no)
    const steps = await stepsOf(trx, data.document_id)
    let onBehalfOf: { id: string; name: string | null } | undefined
    if (data.action !== 'question' && policy.approvers.length > 0 && !policy.approvers.includes(actor.id)) {
      const approvedFor = new Set(steps.filter((step) => step.action === 'approve').map((step) => step.counts_for))
      const delegators = (await delegatorsOf(trx, subject.company_no, actor.id, viennaToday())).filter((who) => policy.approvers.includes(who.id))
      onBehalfOf = delegators.find((who) => !approvedFor.has(who.id)) ?? delegators[0]
      if (!onBehalfOf) throw paymentConflict('approval', 'notApprover')
    }
    const countsFor = onBehalfOf?.id ?? actor.id
    const lastReject = steps.map((step) => step.action).lastIndexOf('reject')
    const sinceReject = steps.slice(lastReject + 1)
    const refusal =
      approvalRefusal(steps, documentApproval(data.document_id, subject.company_no, subject.gross, policy.single_limit, steps).needed, data.action, countsFor) ??
      (data.action === 'approve' && sinceReject.some((step) => step.action === 'approve' && step.user_id === actor.id) ? 'sameApprover' : undefined)
    if (refusal) throw paymentConflict('approval', refusal)
    await insertStep(trx, {
      document_id: data.document_id,
      company_no: subject.company_no,
      action: data.action,
      text,
      user_id: actor.id,
      user_name: actor.name,
      on_behalf_of: onBehalfOf?.id ?? null,
      on_behalf_of_name: onBehalfOf?.name ?? null,
    })
    const after = documentApproval(data.document_id, subject.company_no, subject.gross, policy.single_limit, await stepsOf(trx, data.document_id))
    const before = documentApproval(data.document_id, subject.company_no, subject.gross, policy.single_limit, steps)
    await writeApprovalStates(trx, subject.company_no, new Map([[data.document_id, after.state]]))
    await appendAudit(trx, [
      {
        actor,
        action: `documentApproval.${data.action}`,
        entity: 'document_approvals',
        targetId: String(data.document_id),
        targetLabel: subject.invoice_number,
        companyNo: subject.company_no,
        before: { state: before.state },
        after: { state: after.state, ...(text ? { text } : {}), ...(onBehalfOf ? { on_behalf_of: onBehalfOf.name } : {}) },
      },
    ])
    return { approval: after, bookings: await standingBookingsOf(trx, data.document_id) }
  })
  app.service('document-approvals').emit('created', result.approval)
  for (const bookingId of result.bookings) {
    const item = await openItemOf(knex, bookingId, viennaToday())
    if (item && item.open !== '0.00') app.service('unpaid-items').emit('patched', item)
  }
  return result.approval
}
