import type { BankTermsRecord, SessionUser } from '@portal/sdk/services'
import type { Application } from '../../declarations'
import { appendAudit } from '../../models/audit-log'
import { changeBankAccess, liveAccessIds } from '../../models/bank-accesses'
import { bankTermsOf, withdrawBankTerms as markWithdrawn } from '../../models/bank-terms'
import { actorOf } from '../../models/users'
import { bankConflict } from './refuse'
import { emitAccessChanges } from './emitAccessChanges'

/** A company withdraws its acceptance of the terms: every access of the company is revoked with it, each step recorded. */
export async function withdrawBankTerms(props: { app: Application; user?: SessionUser; companyNo: number }): Promise<BankTermsRecord> {
  const { app, companyNo } = props
  const knex = app.get('knex')
  const actor = await actorOf(knex, props.user)
  const { terms, revoked } = await knex.transaction(async (trx) => {
    if ((await markWithdrawn(trx, companyNo, actor)) === 0) throw bankConflict('termsNotAccepted')
    const revoked = await liveAccessIds(trx, companyNo)
    for (const id of revoked) await changeBankAccess(trx, id, { status: 'revoked', reason: 'termsWithdrawn' }, { action: 'revokeTermsWithdrawn', actorName: actor.name })
    await appendAudit(trx, [
      { actor, action: 'bankTerms.withdraw', entity: 'bank_terms', targetId: String(companyNo), companyNo, after: { revokedAccesses: revoked.length } },
      ...revoked.map((id) => ({ actor, action: 'bankAccess.revoke' as const, entity: 'bank_accesses', targetId: String(id), companyNo, after: { status: 'revoked', reason: 'termsWithdrawn' } })),
    ])
    return { terms: await bankTermsOf(trx, companyNo), revoked }
  })
  app.service('bank-terms').emit('patched', terms)
  await emitAccessChanges(app, revoked)
  return terms
}
