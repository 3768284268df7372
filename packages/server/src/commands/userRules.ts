import type { Knex } from 'knex'
import { isPermission } from '@portal/sdk/domain'
import { createError } from '@portal/sdk/errors'
import type { Message } from '@portal/sdk/i18n'
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
