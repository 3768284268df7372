import type { Knex } from 'knex'
import type { Language } from '@portal/sdk/domain'

/** An enabled user who holds a company: whom a comment may mention and a reminder may reach. */
export interface CompanyPerson {
  id: string
  keycloakId: string
  name: string
  email: string
  locale: Language
  permissions: string[]
}

/**
 * The enabled users who hold a company: assigned to it, or holding every company and not excluded from it (the rule
 * of the session's klienten_array), by name.
 */
export async function peopleOfCompany(db: Knex | Knex.Transaction, companyNo: number): Promise<CompanyPerson[]> {
  const rows = (await db('users as u')
    .where('u.enabled', true)
    .where((holds) => {
      void holds
        .where((assigned) => void assigned.where('u.client_access', 'assigned').whereExists(db('user_clients as c').whereRaw('c.user_id = u.id').where({ 'c.company_no': companyNo, 'c.mode': 'assigned' })))
        .orWhere((all) => void all.where('u.client_access', 'all').whereNotExists(db('user_clients as c').whereRaw('c.user_id = u.id').where({ 'c.company_no': companyNo, 'c.mode': 'excluded' })))
    })
    .orderBy(['u.last_name', 'u.first_name'])
    .select('u.id', 'u.keycloak_id', 'u.first_name', 'u.last_name', 'u.email', 'u.locale', 'u.permissions')) as Record<string, unknown>[]
  return rows.map((row) => ({
    id: String(row.id),
    keycloakId: String(row.keycloak_id),
    name: [row.first_name, row.last_name].filter(Boolean).join(' ').trim() || String(row.email),
    email: String(row.email),
    locale: row.locale === 'de' ? 'de' : 'en',
    permissions: (row.permissions as string[] | null) ?? [],
  }))
}
