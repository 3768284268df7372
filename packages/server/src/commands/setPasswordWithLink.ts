import type { Knex } from 'knex'
import { validateNewPassword } from '@portal/sdk/domain'
import type { Message } from '@portal/sdk/i18n'
import { tokenHash } from '../authentication/token-hash'
import { hashPassword } from '../oidc/passwords'
import { appendAudit } from '../models/audit-log'
import { lockSetupToken, markSetupTokenUsed } from '../models/user-admin'

/** Whose a valid link is (for the page's heading), or undefined when it is invalid, used or expired. */
export async function linkOwner(db: Knex, token: string): Promise<{ email: string; locale: string } | undefined> {
  return db('password_setup_tokens')
    .join('users', 'users.id', 'password_setup_tokens.user_id')
    .where({ token_hash: tokenHash(token) })
    .whereNull('used_at')
    .where('expires_at', '>', new Date())
    .first('users.email as email', 'users.locale as locale')
}

/**
 * Sets a password with a one-time link: the link must be unused and unexpired, the password long enough and
 * repeated exactly (SPEC §5). The link is then used up. Answers what is wrong, or null when the password is set.
 */
export async function setPasswordWithLink(db: Knex, token: string, password: string, repeat: string): Promise<Message | null> {
  const problem = validateNewPassword(password, repeat)
  const hash = problem ? undefined : await hashPassword(password)
  return db.transaction(async (trx) => {
    const row = await lockSetupToken(trx, tokenHash(token))
    if (!row) return { key: 'users:setup.invalidLink' }
    if (problem || !hash) return problem
    await trx('users').where({ id: row.user_id }).update({ password_hash: hash, updated_at: trx.fn.now() })
    await markSetupTokenUsed(trx, row.token_hash)
    const user = (await trx('users').where({ id: row.user_id }).first('email', 'first_name', 'last_name')) as { email: string; first_name: string; last_name: string }
    const name = `${user.first_name} ${user.last_name}`.trim() || user.email
    await appendAudit(trx, [{ actor: { id: row.user_id, name }, action: 'user.setPassword', entity: 'user', targetId: row.user_id, targetLabel: user.email }])
    return null
  })
}
