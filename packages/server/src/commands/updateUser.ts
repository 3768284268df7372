import { NotFound } from '@feathersjs/errors'
import { grantRefusal, selfLockout } from '@portal/sdk/domain'
import type { SessionUser, User, UserPatch } from '@portal/sdk/services'
import type { Application } from '../declarations'
import { endUserSessions } from '../accounts/end-user-sessions'
import { emitUsersChanged } from '../accounts/user-events'
import { appendAudit } from '../models/audit-log'
import { loadUser } from '../models/user-records'
import { actorOf } from '../models/users'
import { assertCompaniesExist, assertGranted, assertKnownPermissions, fieldError, grantorOf } from './userRules'

/** Props of updateUser. */
export interface UpdateUserProps {
  app: Application
  caller: SessionUser
  /** id or keycloakId */
  id: string
  data: UserPatch
}

/** Column of each patchable field (klienten and excluded live in user_clients). */
const PATCH_COLUMNS: Partial<Record<keyof UserPatch, string>> = {
  locale: 'locale',
  favClient: 'fav_client',
  firstName: 'first_name',
  lastName: 'last_name',
  telNr: 'tel_nr',
  permissions: 'permissions',
  clientAccess: 'client_access',
  mobileApp: 'mobile_app',
  enabled: 'enabled',
}

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b)
}

/**
 * Changes one user (the edit form, `portal users edit|enable|disable`, or one's own language): klienten and
 * excluded replace the assignments. Refused: unknown permissions or companies, an empty name, an administrator
 * removing their own kca or disabling themselves, and (userGrants) a user who holds more than the caller or a grant
 * of what the caller does not hold — one's own record included. A user manager's change is audited; disabling ends the user's
 * sessions at once.
 */
export async function updateUser(props: UpdateUserProps): Promise<User> {
  const { app, data } = props
  const db = app.get('knex')
  const existing = await loadUser(db, props.id)
  if (!existing) throw new NotFound('No such user', { key: 'errors:type.NotFound', params: {} })
  for (const field of ['firstName', 'lastName'] as const) {
    if (data[field] !== undefined && data[field].trim() === '') throw fieldError(field, { key: 'validation:notEmpty' })
  }
  assertKnownPermissions('permissions', data.permissions ?? [])
  await assertCompaniesExist(db, 'favClient', typeof data.favClient === 'number' ? [data.favClient] : [])
  await assertCompaniesExist(db, 'klienten', data.klienten ?? [])
  await assertCompaniesExist(db, 'excluded', data.excluded ?? [])
  const self = existing.keycloakId === props.caller.keycloakId
  const reach = {
    email: existing.email,
    permissions: data.permissions ?? existing.permissions,
    clientAccess: data.clientAccess ?? existing.clientAccess,
    klienten: data.klienten ?? existing.klienten,
    excluded: data.excluded ?? existing.excluded,
  }
  assertGranted(grantRefusal(await grantorOf(db, props.caller), existing, reach))
  if (self) {
    const lockout = selfLockout(existing, { permissions: data.permissions ?? existing.permissions, enabled: data.enabled ?? existing.enabled })
    if (lockout) throw fieldError(data.enabled === false ? 'enabled' : 'permissions', lockout)
  }
  const before: Record<string, unknown> = {}
  const after: Record<string, unknown> = {}
  for (const [field, value] of Object.entries(data)) {
    const old = existing[field as keyof User]
    if (value !== undefined && !same(old, value)) [before[field], after[field]] = [old, value]
  }
  const actor = await actorOf(db, props.caller)
  await db.transaction(async (trx) => {
    const changes: Record<string, unknown> = {}
    for (const [field, column] of Object.entries(PATCH_COLUMNS)) {
      const value = data[field as keyof UserPatch]
      if (value !== undefined) changes[column] = field === 'firstName' || field === 'lastName' ? String(value).trim() : value
    }
    if (Object.keys(changes).length > 0) await trx('users').where({ id: existing.id }).update({ ...changes, updated_at: trx.fn.now() })
    for (const [mode, list] of [
      ['assigned', data.klienten],
      ['excluded', data.excluded],
    ] as const) {
      if (!list) continue
      await trx('user_clients').where({ user_id: existing.id, mode }).delete()
      if (list.length > 0) {
        await trx('user_clients')
          .insert(list.map((company_no) => ({ user_id: existing.id, company_no, mode })))
          .onConflict(['user_id', 'company_no'])
          .merge(['mode'])
      }
    }
    // One's own language and favourite client are preferences, not administration.
    const preferencesOnly = self && Object.keys(after).every((field) => field === 'locale' || field === 'favClient')
    if (Object.keys(after).length > 0 && !preferencesOnly) {
      const onlyEnabled = Object.keys(after).length === 1 && 'enabled' in after
      const action = onlyEnabled ? (after.enabled ? 'user.enable' : 'user.disable') : 'user.update'
      await appendAudit(trx, [{ actor, action, entity: 'user', targetId: existing.id, targetLabel: existing.email, before, after }])
    }
  })
  if (existing.enabled && data.enabled === false) await endUserSessions(app, [existing.keycloakId])
  const [user] = await emitUsersChanged(app, [existing.id])
  return user
}
