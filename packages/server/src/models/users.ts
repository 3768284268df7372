import type { Knex } from 'knex'

/** The portal user id of a signed-in identity (its keycloakId), or null when it has no row. */
export async function userIdOf(db: Knex, keycloakId: string | undefined): Promise<string | null> {
  if (!keycloakId) return null
  const row = await db('users').where({ keycloak_id: keycloakId }).first('id')
  return row ? String(row.id) : null
}

/** Who made a change, as the history records it: the portal user id and the name at that moment. */
export interface Actor {
  id: string | null
  name: string | null
}

/** The actor of a signed-in user (name from the session; id null when the identity has no row), or the machines. */
export async function actorOf(db: Knex, user: { keycloakId: string; firstName?: string; lastName?: string; email?: string } | undefined): Promise<Actor> {
  if (!user) return { id: null, name: null }
  const name = [user.firstName, user.lastName].filter(Boolean).join(' ').trim() || user.email || null
  return { id: await userIdOf(db, user.keycloakId), name }
}

/** A portal user's display name (first and last name, else the e-mail), or '?' when the user is gone. */
export async function userNameOf(db: Knex, userId: string): Promise<string> {
  const row = await db('users').where({ id: userId }).first('first_name', 'last_name', 'email')
  return row ? [row.first_name, row.last_name].filter(Boolean).join(' ') || String(row.email) : '?'
}

/** The display names of portal users by id (first and last name, else the e-mail); users gone are left out. */
export async function userNamesOf(db: Knex, userIds: readonly string[]): Promise<Map<string, string>> {
  const ids = [...new Set(userIds)]
  if (ids.length === 0) return new Map()
  const rows: { id: unknown; first_name: string | null; last_name: string | null; email: string }[] = await db('users')
    .whereIn('id', ids)
    .select('id', 'first_name', 'last_name', 'email')
  return new Map(rows.map((row) => [String(row.id), [row.first_name, row.last_name].filter(Boolean).join(' ') || String(row.email)]))
}
