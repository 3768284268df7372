import type { Knex } from 'knex'
import { isPermission, type GrantRefusal, type Grantor } from '@portal/sdk/domain'
import { createError } from '@portal/sdk/errors'
import type { Message } from '@portal/sdk/i18n'
import type { SessionUser } from '@portal/sdk/services'
import { allCompanyNos } from '../models/companies'
import { existingCompanies } from '../models/user-admin'

/** A 400 that names the field and the rule (`data: { key, params: { field, … } }`). */
export function fieldError(field: string, message: Message) {
  return createError('BadRequest', message.key, { ...(message.params ?? {}), field })
}

/** Refuses unknown permission codes, naming the first. */
export function assertKnownPermissions(field: string, codes: readonly string[]): void {
  const unknown = codes.find((code) => !isPermission(code))
  if (unknown !== undefined) throw fieldError(field, { key: 'users:rule.unknownPermission', params: { code: unknown } })
}

/** Refuses company numbers that do not exist, naming them. */
export async function assertCompaniesExist(db: Knex, field: string, companies: readonly number[]): Promise<void> {
  if (companies.length === 0) return
  const found = await existingCompanies(db, companies)
  const missing = companies.filter((no) => !found.has(no))
  if (missing.length > 0) throw fieldError(field, { key: 'errors:query.unknownCompany', params: { companies: missing.join(', ') } })
}

/** What the calling user manager holds, for the SDK's grant rule (userGrants): its permissions and companies. */
export async function grantorOf(db: Knex, caller: SessionUser): Promise<Grantor> {
  return { email: caller.email, permissions: caller.permissions_array, companies: caller.klienten_array, allCompanies: await allCompanyNos(db) }
}

/** Refuses with 403 and the reason (the permission or company named) when the grant rule says no. */
export function assertGranted(refusal: GrantRefusal | null): void {
  if (refusal) throw createError('Forbidden', refusal.message.key, { ...(refusal.message.params ?? {}), field: refusal.field })
}
