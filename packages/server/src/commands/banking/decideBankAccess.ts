import { accessExpiry } from '@portal/sdk/domain'
import type { BankAccessRecord, BankApprovalPatch, SessionUser } from '@portal/sdk/services'
import type { Application } from '../../declarations'
import { bankingClock } from '../../banking/clock'
import { appendAudit } from '../../models/audit-log'
import { bankAccessRecord, bankAccessRow, changeBankAccess } from '../../models/bank-accesses'
import { actorOf } from '../../models/users'
import { forbidden } from '../../policies/index'
import { bankConflict } from './refuse'
import { psd2Client, psd2Redirect } from '../../banking/psd2/client'
import { emitAccessChanges } from './emitAccessChanges'

/** The firm's administrator approves (read access for 90 days from today) or rejects a pending request. */
export async function decideBankAccess(props: { app: Application; user?: SessionUser; id: number; data: BankApprovalPatch }): Promise<BankAccessRecord> {
  const { app, id, data } = props
  const knex = app.get('knex')
  const actor = await actorOf(knex, props.user)
  const today = bankingClock.today()
  // A PSD2 access gets its consent at the provider on approval: 90 days, and the link the client follows at the bank.
  const pending = await bankAccessRow(knex, id)
  const consent = data.decision === 'approve' && pending?.status === 'pending' && pending.provider === 'psd2' ? await psd2Client().createConsent({ institutionId: pending.institution_id ?? '', redirect: `${psd2Redirect()}/banking/${pending.company_no}`, reference: `access-${id}`, days: 90, language: 'de' }) : null
  await knex.transaction(async (trx) => {
    const access = await bankAccessRow(trx, id, true)
    if (!access) throw forbidden()
    if (access.status !== 'pending') throw bankConflict('notPending', { status: access.status })
    const approved = data.decision === 'approve'
    const expires = approved ? accessExpiry(today) : null
    await changeBankAccess(
      trx,
      id,
      { status: approved ? 'approved' : 'rejected', expires_on: expires, reason: data.reason?.trim() || null, decided_by_name: actor.name, decided: true, ...(consent ? { consent_id: consent.id, consent_link: consent.link } : {}) },
      { action: data.decision, actorName: actor.name },
    )
    await appendAudit(trx, [{ actor, action: `bankAccess.${data.decision}`, entity: 'bank_accesses', targetId: String(id), targetLabel: access.iban, companyNo: access.company_no, before: { status: 'pending' }, after: { status: approved ? 'approved' : 'rejected', expires_on: expires } }])
  })
  await emitAccessChanges(app, [id])
  const record = await bankAccessRecord(knex, id, today)
  if (!record) throw forbidden()
  return record
}
