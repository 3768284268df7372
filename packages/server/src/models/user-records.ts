import type { Knex } from 'knex'
import type { User } from '@portal/sdk/services'

/**
 * API field -> SQL expression of a user as the user manager shows it. This list is the only way user rows leave
 * the server, so secrets such as password_hash and second_factor never do.
 */
export const USER_COLUMNS: Record<string, string> = {
  id: 'users.id',
  keycloakId: 'users.keycloak_id',
  username: 'users.username',
  email: 'users.email',
  firstName: 'users.first_name',
  lastName: 'users.last_name',
  telNr: 'users.tel_nr',
  locale: 'users.locale',
  favClient: 'users.fav_client',
  permissions: 'users.permissions',
  clientAccess: 'users.client_access',
  mobileApp: 'users.mobile_app',
  enabled: 'users.enabled',
  lastLogin: 'users.last_login',
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
const BATCH = 1000

function selectUser(db: Knex): Knex.QueryBuilder {
  return db('users').select(Object.entries(USER_COLUMNS).map(([field, column]) => db.raw(`${column} as ??`, [field])))
}

function normalise(row: Record<string, unknown>): User {
  const lastLogin = row.lastLogin
  return {
    ...(row as unknown as User),
    favClient: row.favClient === null || row.favClient === undefined ? null : Number(row.favClient),
    lastLogin: lastLogin instanceof Date ? lastLogin.toISOString() : ((lastLogin as string | null) ?? null),
  }
}

/** Adds each user's assigned (klienten) and excluded companies. */
export async function withClients(db: Knex, users: User[]): Promise<User[]> {
  if (users.length === 0) return users
  const byUser = new Map<string, { klienten: number[]; excluded: number[] }>()
  for (let i = 0; i < users.length; i += BATCH) {
    const rows = (await db('user_clients')
      .whereIn(
        'user_id',
        users.slice(i, i + BATCH).map((user) => user.id),
      )
      .select('user_id', 'company_no', 'mode')
      .orderBy('company_no')) as { user_id: string; company_no: number; mode: string }[]
    for (const row of rows) {
      const entry = byUser.get(row.user_id) ?? { klienten: [], excluded: [] }
      ;(row.mode === 'excluded' ? entry.excluded : entry.klienten).push(Number(row.company_no))
      byUser.set(row.user_id, entry)
    }
  }
  return users.map((user) => ({ ...user, klienten: byUser.get(user.id)?.klienten ?? [], excluded: byUser.get(user.id)?.excluded ?? [] }))
}

/** The user with that id or keycloakId, or undefined. */
export async function loadUser(db: Knex, id: string): Promise<User | undefined> {
  const builder = selectUser(db).first()
  if (UUID.test(id)) builder.where('users.id', id).orWhere('users.keycloak_id', id)
  else builder.where('users.keycloak_id', id)
  const row = (await builder) as Record<string, unknown> | undefined
  if (!row) return undefined
  const [user] = await withClients(db, [normalise(row)])
  return user
}

/** The users with these ids (any order). */
export async function loadUsers(db: Knex, ids: readonly string[]): Promise<User[]> {
  const rows: Record<string, unknown>[] = []
  for (let i = 0; i < ids.length; i += BATCH) rows.push(...((await selectUser(db).whereIn('users.id', ids.slice(i, i + BATCH))) as Record<string, unknown>[]))
  return withClients(db, rows.map(normalise))
}

/** Whether an e-mail (case-insensitive) or user name is taken. */
export async function loginTaken(db: Knex, email: string, username: string): Promise<boolean> {
  const row = await db('users')
    .whereRaw('lower(email) = ?', [email.trim().toLowerCase()])
    .orWhereRaw('lower(username) = ?', [username.trim().toLowerCase()])
    .first('id')
  return row !== undefined
}
