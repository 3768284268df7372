import type { Knex } from 'knex'
import { hashPassword } from '../../packages/server/src/oidc/passwords'

/**
 * A second holder of `pay` (and doc, rep, app) for company 1001, Paula Zahler, who releases what the demo admin
 * creates (issue 35's four eyes); answers her e-mail.
 */
export async function createPayer(knex: Knex, password: string, locale: 'de' | 'en' = 'en'): Promise<string> {
  const email = 'payer@case.portal'
  const [{ id }] = (await knex('users')
    .insert({ keycloak_id: crypto.randomUUID(), username: 'payer', email, first_name: 'Paula', last_name: 'Zahler', locale, permissions: ['doc', 'rep', 'app', 'pay'], client_access: 'assigned', enabled: true, password_hash: await hashPassword(password) })
    .returning('id')) as { id: string }[]
  await knex('user_clients').insert({ user_id: id, company_no: 1001, mode: 'assigned' })
  return email
}
