import type { Knex } from 'knex'
import { FIRM_STAFF_PERMISSIONS } from '@portal/sdk/domain'
import type { Responsibility, ResponsibilityQuery, StaffMember } from '@portal/sdk/services'

/** The client_responsibility table: which staff member is responsible for which client company. */

const COLUMNS: Record<string, string> = {
  companyNo: 'companies.company_no',
  companyName: 'companies.company_name',
  companyPlace: 'companies.company_place',
  staffId: 'client_responsibility.staff_id',
  staffName: `nullif(trim(users.first_name || ' ' || users.last_name), '')`,
  staffEmail: 'users.email',
}

/** The find of responsibility: every company with its staff member, narrowed by the query (a builder for findPage). */
export function responsibilityQuery(db: Knex, query: ResponsibilityQuery): Knex.QueryBuilder {
  const builder = db('companies')
    .leftJoin('client_responsibility', 'client_responsibility.company_no', 'companies.company_no')
    .leftJoin('users', 'users.id', 'client_responsibility.staff_id')
  if (query.staffId) builder.where('client_responsibility.staff_id', query.staffId)
  if (query.unassigned) builder.whereNull('client_responsibility.staff_id')
  if (query.search) {
    const pattern = `%${query.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
    builder.where((where) =>
      where
        .whereILike('companies.company_name', pattern)
        .orWhereILike('companies.company_place', pattern)
        .orWhereRaw('companies.company_no::text like ?', [pattern]),
    )
  }
  return builder
}

/** Field → SQL expression of a responsibility row. */
export const RESPONSIBILITY_COLUMNS = COLUMNS

/** The rows of these companies as they are now. */
export async function responsibilitiesOf(db: Knex, companies: readonly number[]): Promise<Responsibility[]> {
  const builder = responsibilityQuery(db, {}).whereIn('companies.company_no', [...companies]).orderBy('companies.company_no')
  for (const [field, column] of Object.entries(COLUMNS)) builder.select(db.raw(`${column} as ??`, [field]))
  return (await builder) as Responsibility[]
}

/** Sets (or, with null, clears) the staff member of companies. */
export async function assignStaff(trx: Knex.Transaction, companies: readonly number[], staffId: string | null): Promise<void> {
  if (companies.length === 0) return
  await trx('client_responsibility').whereIn('company_no', [...companies]).delete()
  if (staffId) await trx('client_responsibility').insert(companies.map((company_no) => ({ company_no, staff_id: staffId })))
}

/** The companies a staff member is responsible for. */
export async function companiesOfStaff(db: Knex, staffId: string): Promise<number[]> {
  const rows = (await db('client_responsibility').where({ staff_id: staffId }).select('company_no')) as { company_no: number }[]
  return rows.map((row) => Number(row.company_no))
}

/** Enabled users to choose as responsible, with how many companies each has; a page by name. */
export async function staffPage(db: Knex, search: string | undefined, limit: number, skip: number): Promise<{ total: number; data: StaffMember[] }> {
  const filtered = () => {
    const builder = whereFirmStaff(db('users').where('users.enabled', true))
    if (search) {
      const pattern = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
      builder.where((where) => where.whereILike('users.email', pattern).orWhereILike('users.first_name', pattern).orWhereILike('users.last_name', pattern))
    }
    return builder
  }
  const counted = await filtered().count({ total: '*' }).first()
  const rows = (await filtered()
    .select('users.id', 'users.email', db.raw(`trim(users.first_name || ' ' || users.last_name) as name`))
    .select(db('client_responsibility').count('*').whereRaw('client_responsibility.staff_id = users.id').as('companies'))
    .orderBy(['users.last_name', 'users.first_name', 'users.email'])
    .limit(limit)
    .offset(skip)) as { id: string; email: string; name: string; companies: string | number }[]
  return {
    total: Number(counted?.total ?? 0),
    data: rows.map((row) => ({ id: row.id, email: row.email, name: row.name || row.email, companies: Number(row.companies) })),
  }
}

/**
 * Only the firm's people (the SDK's isFirmStaff in SQL): access to every company, or a permission of
 * FIRM_STAFF_PERMISSIONS. A client company's employee is never offered as its responsible staff member.
 */
function whereFirmStaff(builder: Knex.QueryBuilder): Knex.QueryBuilder {
  const codes = FIRM_STAFF_PERMISSIONS.map(() => '?').join(', ')
  return builder.where((where) =>
    where.where('users.client_access', 'all').orWhereRaw(`users.permissions && array[${codes}]::text[]`, [...FIRM_STAFF_PERMISSIONS]),
  )
}

/** An enabled user who might be made responsible, with what decides whether they are the firm's (undefined: none). */
export async function enabledUserAccess(db: Knex, id: string): Promise<{ permissions: string[]; clientAccess: string } | undefined> {
  const row = (await db('users').where({ id, enabled: true }).first('permissions', 'client_access')) as
    | { permissions: string[]; client_access: string }
    | undefined
  return row ? { permissions: row.permissions, clientAccess: row.client_access } : undefined
}
