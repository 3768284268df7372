import { NotFound } from '@feathersjs/errors'
import { outranks } from '@portal/sdk/domain'
import { createError } from '@portal/sdk/errors'
import type { SessionUser, User } from '@portal/sdk/services'
import type { Application } from '../declarations'
import { endUserSessions } from '../accounts/end-user-sessions'
import { emitUserRemoved } from '../accounts/user-events'
import { appendAudit } from '../models/audit-log'
import { importInProgress } from '../models/user-admin'
import { loadUser } from '../models/user-records'
import { actorOf } from '../models/users'
import { assertGranted, fieldError, grantorOf } from './userRules'

/** Props of deleteUser. */
export interface DeleteUserProps {
  app: Application
  caller: SessionUser
  id: string
}

/**
 * Deletes a user (the client asks for confirmation first). Refused for oneself, for a user who holds more than the
 * caller (userGrants), and while an import of theirs is in
 * progress (SPEC §8: a document they uploaded is still being read) with 409 `errors:user.deleteBlockedByImport`.
 * Their documents keep their history (the uploader becomes unknown); the audit log keeps who they were. Their
 * sessions end at once.
 */
export async function deleteUser(props: DeleteUserProps): Promise<User> {
  const db = props.app.get('knex')
  const existing = await loadUser(db, props.id)
  if (!existing) throw new NotFound('No such user', { key: 'errors:type.NotFound', params: {} })
  if (existing.keycloakId === props.caller.keycloakId) throw fieldError('id', { key: 'users:rule.selfDelete' })
  assertGranted(outranks(await grantorOf(db, props.caller), existing))
  const actor = await actorOf(db, props.caller)
  await db.transaction(async (trx) => {
    // Checked inside the transaction, with the user row locked, so an upload cannot slip in between.
    await trx('users').where({ id: existing.id }).forUpdate().first('id')
    if (await importInProgress(trx, existing.id)) throw createError('Conflict', 'errors:user.deleteBlockedByImport')
    await appendAudit(trx, [
      {
        actor,
        action: 'user.delete',
        entity: 'user',
        targetId: existing.id,
        targetLabel: existing.email,
        before: {
          email: existing.email,
          firstName: existing.firstName,
          lastName: existing.lastName,
          permissions: existing.permissions,
          clientAccess: existing.clientAccess,
          klienten: existing.klienten,
          excluded: existing.excluded,
          enabled: existing.enabled,
        },
      },
    ])
    await trx('users').where({ id: existing.id }).delete()
  })
  await endUserSessions(props.app, [existing.keycloakId])
  emitUserRemoved(props.app, existing)
  return existing
}
