import { accessExpiry, accessRenewable } from '@portal/sdk/domain'
import type { BankAccessPatch, BankAccessRecord, SessionUser } from '@portal/sdk/services'
import type { Application } from '../../declarations'
import { bankingClock } from '../../banking/clock'
import { appendAudit } from '../../models/audit-log'
import { bankAccessRecord, bankAccessRow, changeBankAccess as writeChange } from '../../models/bank-accesses'
import { actorOf } from '../../models/users'
import { forbidden } from '../../policies/index'
import { bankConflict } from './refuse'
import { emitAccessChanges } from './emitAccessChanges'
import { syncPsd2Access } from './syncPsd2Access'

/**
 * The client renews an approved access (another 90 days from today, as a renewed PSD2 consent; also after it expired)
 * or revokes a pending or approved one. Rejected and revoked accesses stay as they are: ask again instead.
 */
export async function changeBankAccess(props: { app: Application; user?: SessionUser; id: number; data: BankAccessPatch }): Promise<BankAccessRecord> {
  const { app, id, data } = props
  if (data.action === 'sync') return syncPsd2Access({ app, user: props.user, id })
  const knex = app.get('knex')
  const actor = await actorOf(knex, props.user)
  const today = bankingClock.today()
  await knex.transaction(async (trx) => {
    const access = await bankAccessRow(trx, id, true)
    if (!access) throw forbidden()
    if (data.action === 'renew') {
      if (!accessRenewable(access)) throw bankConflict('notRenewable', { status: access.status })
      const expires = accessExpiry(today)
      await writeChange(trx, id, { expires_on: expires }, { action: 'renew', actorName: actor.name })
      await appendAudit(trx, [{ actor, action: 'bankAccess.renew', entity: 'bank_accesses', targetId: String(id), targetLabel: access.iban, companyNo: access.company_no, before: { expires_on: access.expires_on }, after: { expires_on: expires } }])
    } else {
      if (access.status !== 'pending' && access.status !== 'approved') throw bankConflict('notRevocable', { status: access.status })
      await writeChange(trx, id, { status: 'revoked', reason: 'revokedByClient' }, { action: 'revoke', actorName: actor.name })
      await appendAudit(trx, [{ actor, action: 'bankAccess.revoke', entity: 'bank_accesses', targetId: String(id), targetLabel: access.iban, companyNo: access.company_no, before: { status: access.status }, after: { status: 'revoked' } }])
    }
  })
  await emitAccessChanges(app, [id])
  const record = await bankAccessRecord(knex, id, today)
  if (!record) throw forbidden()
  return record
}
