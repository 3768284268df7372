import type { Knex } from 'knex'

/** The columns of `users` the identity provider needs. */
export interface AccountRow {
  id: string
  keycloak_id: string
  username: string
  email: string
  first_name: string
  last_name: string
  locale: string
  enabled: boolean
  password_hash: string | null
}

const COLUMNS = ['id', 'keycloak_id', 'username', 'email', 'first_name', 'last_name', 'locale', 'enabled', 'password_hash']

/** A user by the name typed into the sign-in form: e-mail or username, case-insensitive. */
export async function findAccountByLogin(knex: Knex, login: string): Promise<AccountRow | undefined> {
  const value = login.trim().toLowerCase()
  if (!value) return undefined
  return knex<AccountRow>('users')
    .whereRaw('lower(email) = ?', [value])
    .orWhereRaw('lower(username) = ?', [value])
    .first(COLUMNS)
}

/** A user by portal id (a sign-in step in progress). */
export async function findAccountById(knex: Knex, id: string): Promise<AccountRow | undefined> {
  return knex<AccountRow>('users').where({ id }).first(COLUMNS)
}

/** A user by OIDC subject (users.keycloak_id). */
export async function findAccountBySubject(knex: Knex, sub: string): Promise<AccountRow | undefined> {
  return knex<AccountRow>('users').where({ keycloak_id: sub }).first(COLUMNS)
}

/** Records a successful sign-in (shown as lastLogin in the user manager). */
export async function touchLastLogin(knex: Knex, id: string): Promise<void> {
  await knex('users').where({ id }).update({ last_login: new Date() })
}

/** Standard OIDC claims of an account. */
export function accountClaims(account: AccountRow): { sub: string } & Record<string, string | boolean> {
  return {
    sub: account.keycloak_id,
    email: account.email,
    email_verified: true,
    preferred_username: account.username,
    given_name: account.first_name,
    family_name: account.last_name,
    name: `${account.first_name} ${account.last_name}`.trim(),
    locale: account.locale,
  }
}
