import { NotFound } from '@feathersjs/errors'
import { outranks } from '@portal/sdk/domain'
import { createError } from '@portal/sdk/errors'
import type { SessionUser, UserCredentialsData, UserCredentialsResult } from '@portal/sdk/services'
import type { Application } from '../declarations'
import { endUserSessions } from '../accounts/end-user-sessions'
import { deliverPasswordLink, makePasswordLink } from '../accounts/password-links'
import { appendAudit } from '../models/audit-log'
import { clearPasswordEquivalents, clearSecondFactors } from '../models/account-security'
import { loadUser } from '../models/user-records'
import { actorOf } from '../models/users'
import { endStepUps } from '../security/step-up'
import { assertGranted, grantorOf } from './userRules'

/** Props of resetCredentials. */
export interface ResetCredentialsProps {
  app: Application
  caller: SessionUser
  data: UserCredentialsData
}

/**
 * An administrator resets a user's password (the old one stops working at once, their sessions, refresh tokens and
 * step-ups end, their passkeys are removed because they would sign in without the new password, and they get a new
 * one-time link) or second factor (cleared; set up again at the next sign-in). Refused with an external identity
 * provider, which owns both, and for a user who holds more than the caller (userGrants). Audited. See
 * docs/account-security.md.
 */
export async function resetCredentials(props: ResetCredentialsProps): Promise<UserCredentialsResult> {
  const { app, data } = props
  if (app.get('config').oidcIssuer) throw createError('BadRequest', 'users:external.notHere', { field: 'reset' })
  const db = app.get('knex')
  const user = await loadUser(db, data.userId)
  if (!user) throw new NotFound('No such user', { key: 'errors:type.NotFound', params: {} })
  // A user manager does not take over an account that holds more than it does (its password link signs in as them).
  assertGranted(outranks(await grantorOf(db, props.caller), user))
  const actor = await actorOf(db, props.caller)
  const pending = await db.transaction(async (trx) => {
    const entry = { actor, entity: 'user', targetId: user.id, targetLabel: user.email }
    await endStepUps(trx, user.id)
    if (data.reset === 'secondFactor') {
      await clearSecondFactors(trx, user.id)
      await trx('users').where({ id: user.id }).update({ second_factor: null, updated_at: trx.fn.now() })
      await appendAudit(trx, [{ ...entry, action: 'user.resetSecondFactor' }])
      return undefined
    }
    await trx('users').where({ id: user.id }).update({ password_hash: null, updated_at: trx.fn.now() })
    const passkeys = await clearPasswordEquivalents(trx, user.id)
    await appendAudit(trx, [{ ...entry, action: 'user.resetPassword', ...(passkeys.length > 0 ? { before: { passkeys } } : {}) }])
    return makePasswordLink(app, trx, user, 'reset')
  })
  await endUserSessions(app, [user.keycloakId])
  if (!pending) return { userId: user.id, reset: data.reset }
  return { userId: user.id, reset: data.reset, setup: await deliverPasswordLink(app, pending) }
}
