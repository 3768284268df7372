import { validateNewPassword } from '@portal/sdk/domain'
import { createError } from '@portal/sdk/errors'
import type { Application } from '../../declarations'
import { hashPassword } from '../../oidc/passwords'
import { endOtherSessions } from './sessions'
import { auditOwn, refuse, type OwnAccount } from './own-account'

/** The fields of a password change (the current password was proved by the step-up). */
export interface PasswordChange {
  newPassword: string
  repeat: string
}

/**
 * Changes the user's own password on the embedded provider (the service asks for a live step-up first, which proved
 * the current one): the strength rules (users' set-up rules), then every other sign-in of the user ends at once.
 * Refused with an external provider.
 */
export async function changeOwnPassword(app: Application, account: OwnAccount, change: PasswordChange, currentGrant: string | undefined): Promise<void> {
  if (app.get('config').oidcIssuer) throw refuse('external', 'newPassword')
  const db = app.get('knex')
  const problem = validateNewPassword(change.newPassword, change.repeat)
  if (problem) throw createError('BadRequest', problem.key, { ...(problem.params ?? {}), field: problem.key === 'validation:passwordsMatch' ? 'repeat' : 'newPassword' })
  const hash = await hashPassword(change.newPassword)
  await db.transaction(async (trx) => {
    await trx('users').where({ id: account.id }).update({ password_hash: hash, updated_at: trx.fn.now() })
    await auditOwn(trx, account, 'passwordChange')
  })
  await endOtherSessions(app, account, currentGrant)
}
