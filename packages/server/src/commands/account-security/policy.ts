import type { Knex } from 'knex'
import type { SecondFactorPolicy, SessionUser } from '@portal/sdk/services'
import { appendAudit } from '../../models/audit-log'
import { loadPolicy } from '../../models/account-security'
import { actorOf } from '../../models/users'

/** The firm's second-factor policy. */
export async function readPolicy(db: Knex): Promise<SecondFactorPolicy> {
  return { scopes: (await loadPolicy(db)) as SecondFactorPolicy['scopes'] }
}

/**
 * Replaces the policy (adm/kca): who must use a second factor. Users it newly covers set one up at their next
 * sign-in. Audited with before and after.
 */
export async function setPolicy(db: Knex, caller: SessionUser, policy: SecondFactorPolicy): Promise<SecondFactorPolicy> {
  const actor = await actorOf(db, caller)
  const scopes = [...new Set(policy.scopes)].sort()
  await db.transaction(async (trx) => {
    const before = (await trx('second_factor_policy').forUpdate().orderBy('scope').select('scope')).map((row: { scope: string }) => row.scope)
    await trx('second_factor_policy').delete()
    if (scopes.length > 0) await trx('second_factor_policy').insert(scopes.map((scope) => ({ scope, set_by: actor.id })))
    await appendAudit(trx, [{ actor, action: 'secondFactorPolicy.change', entity: 'secondFactorPolicy', targetId: 'firm', before: { scopes: before }, after: { scopes } }])
  })
  return readPolicy(db)
}
