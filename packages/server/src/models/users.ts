import type { Knex } from 'knex'

/** The portal user id of a signed-in identity (its keycloakId), or null when it has no row. */
export async function userIdOf(db: Knex, keycloakId: string | undefined): Promise<string | null> {
  if (!keycloakId) return null
  const row = await db('users').where({ keycloak_id: keycloakId }).first('id')
  return row ? String(row.id) : null
}
