import { approvalState, approvalsNeeded, type ApprovalState } from '@portal/sdk/domain'
import { isIban, normalizeIban } from '@portal/sdk/validators'
import type { ApprovalPolicyPatch, ApprovalPolicyRecord, SessionUser } from '@portal/sdk/services'
import type { Application } from '../../declarations'
import { appendAudit, changedValues } from '../../models/audit-log'
import { approvedDocumentsOf, approverCandidates, delegationsOf, policyRow, stepsOf, writeApprovalStates, writePolicy } from '../../models/approvals'
import { grossOfDocuments } from '../../models/documents/index'
import { actorOf } from '../../models/users'
import { badPaymentInput } from './refuse'

/** A company's policy as the screens read it: the stored values, the people who may approve, the delegations. */
export async function loadApprovalPolicy(app: Application, companyNo: number): Promise<ApprovalPolicyRecord> {
  const knex = app.get('knex')
  return { ...(await policyRow(knex, companyNo)), candidates: await approverCandidates(knex, companyNo), delegations: await delegationsOf(knex, companyNo) }
}

/**
 * Saves a company's approval policy. The approvers must be people of the company holding `app`, the debtor IBAN a
 * valid IBAN; a new limit derives every invoice's state anew (an invoice approved once may then need a second person).
 * Audited with the changed values.
 */
export async function saveApprovalPolicy(props: { app: Application; user?: SessionUser; companyNo: number; data: ApprovalPolicyPatch }): Promise<ApprovalPolicyRecord> {
  const { app, companyNo, data } = props
  const knex = app.get('knex')
  const actor = await actorOf(knex, props.user)
  const iban = data.debtor_iban ? normalizeIban(data.debtor_iban) : data.debtor_iban
  if (iban && !isIban(iban)) throw badPaymentInput('approval', 'debtor_iban', 'ibanInvalid')
  if (data.approvers) {
    const candidates = new Set((await approverCandidates(knex, companyNo)).map((candidate) => candidate.id))
    const stranger = data.approvers.find((id) => !candidates.has(id))
    if (stranger) throw badPaymentInput('approval', 'approvers', 'notCandidate', { user: stranger })
  }
  await knex.transaction(async (trx) => {
    const before = await policyRow(trx, companyNo)
    const stored = {
      single_limit: before.single_limit,
      approvers: before.approvers,
      run_release_required: before.run_release_required,
      debtor_name: before.debtor_name,
      debtor_iban: before.debtor_iban,
      debtor_bic: before.debtor_bic,
    }
    const after = {
      ...stored,
      ...data,
      ...(data.single_limit !== undefined ? { single_limit: data.single_limit === null ? null : Number(data.single_limit).toFixed(2) } : {}),
      ...(iban !== undefined ? { debtor_iban: iban } : {}),
      ...(data.debtor_bic ? { debtor_bic: data.debtor_bic.toUpperCase() } : {}),
    }
    const changed = changedValues(stored, after)
    if (!changed) return
    await writePolicy(trx, companyNo, { ...after, updated_by: actor.id, updated_by_name: actor.name })
    await appendAudit(trx, [{ actor, action: 'approvalPolicy.change', entity: 'approval_policies', targetId: String(companyNo), companyNo, before: changed.before, after: changed.after }])
    if (changed.after.single_limit !== undefined) {
      const states = new Map<number, ApprovalState>()
      for (const invoice of await grossOfDocuments(trx, await approvedDocumentsOf(trx, companyNo))) {
        states.set(invoice.document_id, approvalState(await stepsOf(trx, invoice.document_id), approvalsNeeded(invoice.gross, after.single_limit)).state)
      }
      await writeApprovalStates(trx, companyNo, states)
    }
  })
  const record = await loadApprovalPolicy(app, companyNo)
  app.service('approval-policies').emit('patched', record)
  return record
}
