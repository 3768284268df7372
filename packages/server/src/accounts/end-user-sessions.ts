import type { Knex } from 'knex'
import type { Application } from '../declarations'
import { endSessions } from '../authentication/session-end'

/**
 * Ends every session of a user at once (disabled, deleted, password reset): the embedded provider's grants,
 * sessions and refresh tokens of the account are deleted, so no refresh works and every identity token of those
 * grants is refused; then every open socket of the user is told (`authentication ended`) and loses its
 * authentication, on every server instance. With an external provider only the portal's side applies: its
 * tokens are refused because the portal refuses the disabled user.
 */
export async function endUserSessions(app: Application, keycloakIds: readonly string[]): Promise<void> {
  if (keycloakIds.length === 0) return
  await revokeAccountGrants(app.get('knex'), keycloakIds)
  for (const subject of keycloakIds) endSessions(app, { subject })
}

/** Deletes the provider's stored artefacts of the accounts: every token of their grants, the grants and sessions. */
async function revokeAccountGrants(knex: Knex, accountIds: readonly string[]): Promise<void> {
  if (!(await knex.schema.hasTable('oidc_payloads'))) return
  const grants = knex('oidc_payloads').where({ model: 'Grant' }).whereIn(knex.raw(`payload->>'accountId'`) as unknown as string, [...accountIds]).select('id')
  await knex('oidc_payloads').whereIn('grant_id', grants).delete()
  await knex('oidc_payloads')
    .whereIn('model', ['Grant', 'Session'])
    .whereIn(knex.raw(`payload->>'accountId'`) as unknown as string, [...accountIds])
    .delete()
}
