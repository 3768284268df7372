import { randomUUID } from 'node:crypto'
import { grantRefusal, validateNewUser } from '@portal/sdk/domain'
import type { CreatedUser, SessionUser, UserCreate } from '@portal/sdk/services'
import type { Application } from '../declarations'
import { deliverPasswordLink, makePasswordLink, type PendingPasswordLink } from '../accounts/password-links'
import { emitUsersChanged } from '../accounts/user-events'
import { appendAudit } from '../models/audit-log'
import { loginTaken } from '../models/user-records'
import { actorOf } from '../models/users'
import { assertGranted, assertKnownPermissions, assertCompaniesExist, fieldError, grantorOf } from './userRules'

/** Props of createUser. */
export interface CreateUserProps {
  app: Application
  caller: SessionUser
  data: UserCreate
}

/**
 * Creates a user with the user form's rules (SPEC §5: fields not empty, valid e-mail; e-mail and user name unique;
 * known permissions and companies; only what the caller holds may be granted). With the embedded provider the user gets a one-time link to set the password
 * (e-mailed, or answered once); with an external provider, that provider owns the password. Audited.
 */
export async function createUser(props: CreateUserProps): Promise<CreatedUser> {
  const { app, data } = props
  const db = app.get('knex')
  const email = data.email.trim()
  const problems = validateNewUser({ email, firstName: data.firstName, lastName: data.lastName })
  const [field, problem] = Object.entries(problems)[0] ?? []
  if (field && problem) throw fieldError(field, problem)
  const username = (data.username ?? email).trim()
  if (await loginTaken(db, email, username)) throw fieldError('email', { key: 'users:rule.emailTaken', params: { email } })
  assertKnownPermissions('permissions', data.permissions ?? [])
  await assertCompaniesExist(db, 'klienten', data.klienten ?? [])
  await assertCompaniesExist(db, 'excluded', data.excluded ?? [])
  const state = { email, permissions: data.permissions ?? [], clientAccess: data.clientAccess ?? 'assigned', klienten: data.klienten ?? [], excluded: data.excluded ?? [] }
  assertGranted(grantRefusal(await grantorOf(db, props.caller), undefined, state))
  const actor = await actorOf(db, props.caller)
  const external = app.get('config').oidcIssuer !== undefined
  const { id, pending } = await db.transaction(async (trx) => {
    const [row] = (await trx('users')
      .insert({
        keycloak_id: randomUUID(),
        username,
        email,
        first_name: data.firstName.trim(),
        last_name: data.lastName.trim(),
        tel_nr: data.telNr ?? null,
        locale: data.locale ?? 'de',
        permissions: data.permissions ?? [],
        client_access: data.clientAccess ?? 'assigned',
        mobile_app: data.mobileApp ?? false,
      })
      .returning('id')) as { id: string }[]
    const clients = [
      ...(data.klienten ?? []).map((company_no) => ({ user_id: row.id, company_no, mode: 'assigned' })),
      ...(data.excluded ?? []).map((company_no) => ({ user_id: row.id, company_no, mode: 'excluded' })),
    ]
    if (clients.length > 0) await trx('user_clients').insert(clients).onConflict(['user_id', 'company_no']).merge(['mode'])
    await appendAudit(trx, [
      {
        actor,
        action: 'user.create',
        entity: 'user',
        targetId: row.id,
        targetLabel: email,
        after: {
          email,
          firstName: data.firstName.trim(),
          lastName: data.lastName.trim(),
          permissions: data.permissions ?? [],
          clientAccess: data.clientAccess ?? 'assigned',
          klienten: data.klienten ?? [],
          excluded: data.excluded ?? [],
        },
      },
    ])
    const link: PendingPasswordLink | undefined = external
      ? undefined
      : await makePasswordLink(app, trx, { id: row.id, email, firstName: data.firstName, lastName: data.lastName, locale: data.locale ?? 'de' }, 'setup')
    return { id: row.id, pending: link }
  })
  const [user] = await emitUsersChanged(app, [id])
  const setup = pending ? await deliverPasswordLink(app, pending) : { delivery: 'external' as const }
  return { ...user, setup }
}
