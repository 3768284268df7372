import type { Knex } from 'knex'
import type { SessionUser } from '@portal/sdk/services'

interface UserRow {
  id: string
  keycloak_id: string
  email: string
  first_name: string
  last_name: string
  locale: string
  fav_client: number | null
  permissions: string[] | string | null
  client_access: string
  enabled: boolean
}

// pg parses text[] into an array; a driver that does not hands back the literal '{a,b}'.
function textArray(value: string[] | string | null): string[] {
  if (Array.isArray(value)) return value
  if (!value || value === '{}') return []
  return value.replace(/^\{|\}$/g, '').split(',').map((item) => item.replace(/^"|"$/g, ''))
}

/** The companies a user may see: every company minus exclusions ('all'), or the assigned ones. */
export async function companiesOfUser(knex: Knex, userId: string, clientAccess: string): Promise<number[]> {
  const rows: { company_no: number }[] =
    clientAccess === 'all'
      ? await knex('companies')
          .whereNotIn('company_no', knex('user_clients').select('company_no').where({ user_id: userId, mode: 'excluded' }))
          .orderBy('company_no')
          .select('company_no')
      : await knex('user_clients').where({ user_id: userId, mode: 'assigned' }).orderBy('company_no').select('company_no')
  return rows.map((row) => Number(row.company_no))
}

/** The session user for an OIDC subject, with whether the account is enabled; undefined when unknown. */
export async function loadSessionUser(knex: Knex, sub: string): Promise<{ user: SessionUser; enabled: boolean } | undefined> {
  const row = await knex<UserRow>('users')
    .where({ keycloak_id: sub })
    .first('id', 'keycloak_id', 'email', 'first_name', 'last_name', 'locale', 'fav_client', 'permissions', 'client_access', 'enabled')
  if (!row) return undefined
  return {
    enabled: row.enabled,
    user: {
      keycloakId: row.keycloak_id,
      email: row.email,
      firstName: row.first_name,
      lastName: row.last_name,
      locale: row.locale === 'de' ? 'de' : 'en',
      favClient: row.fav_client === null ? null : Number(row.fav_client),
      permissions_array: textArray(row.permissions),
      klienten_array: await companiesOfUser(knex, row.id, row.client_access),
    },
  }
}
