import type { Message } from '../i18n/types'
import { emailKey, type ClientAccess } from './userChanges'

/**
 * What a user manager (kca) may do to a user, as one pure rule for every way of changing users (the user form,
 * `portal users`, the bulk change and its preview, credential resets, deletion, one's own record) — the server
 * enforces it and the web offers only what it allows:
 * - a user manager grants only permissions and companies it holds itself; access to all companies only when it
 *   holds every company (so an administrator with every permission and company may grant everything);
 * - it does not edit, reset or delete a user who holds more than it does (a permission or company it lacks, or
 *   access to all companies when it lacks one); its own record it may edit, within the first rule.
 * SPEC §6 says kca manages and edits all users; it does not say kca grants what it does not hold.
 */

/** What the user manager holds: its permissions and its companies (resolved), and every company of the portal. */
export interface Grantor {
  permissions: readonly string[]
  companies: readonly number[]
  /** Every company number of the portal, to resolve all-companies access. */
  allCompanies: readonly number[]
  /** The user manager's own e-mail: its own record never outranks it. */
  email: string
}

/** What the rule needs of a user, before or after a change. */
export interface GrantState {
  email: string
  permissions: readonly string[]
  clientAccess: ClientAccess
  klienten: readonly number[]
  excluded: readonly number[]
}

/** A refusal: the field it concerns and the message that says why (naming the permission or company). */
export interface GrantRefusal {
  field: 'permissions' | 'klienten' | 'clientAccess' | 'user'
  message: Message
}

/** The companies a user sees: the assigned ones, or every company but the excluded ones. */
export function companiesOfState(state: Pick<GrantState, 'clientAccess' | 'klienten' | 'excluded'>, allCompanies: readonly number[]): number[] {
  return state.clientAccess === 'all' ? allCompanies.filter((no) => !state.excluded.includes(no)) : [...state.klienten]
}

/** True when the user manager holds every company of the portal. */
export function holdsEveryCompany(grantor: Grantor): boolean {
  return grantor.allCompanies.every((no) => grantor.companies.includes(no))
}

function isOwn(grantor: Grantor, user: GrantState): boolean {
  return emailKey(user.email) === emailKey(grantor.email)
}

/** Why the user manager may not touch this user at all (edit, reset credentials, delete), or null: the user holds more. */
export function outranks(grantor: Grantor, user: GrantState): GrantRefusal | null {
  if (isOwn(grantor, user)) return null
  const { email } = user
  const permission = user.permissions.find((code) => !grantor.permissions.includes(code))
  if (permission !== undefined) return { field: 'user', message: { key: 'users:rule.outranksPermission', params: { email, code: permission } } }
  if (user.clientAccess === 'all' && !holdsEveryCompany(grantor)) return { field: 'user', message: { key: 'users:rule.outranksAllCompanies', params: { email } } }
  const company = companiesOfState(user, grantor.allCompanies).find((no) => !grantor.companies.includes(no))
  if (company !== undefined) return { field: 'user', message: { key: 'users:rule.outranksCompany', params: { email, company: String(company) } } }
  return null
}

/**
 * Why the user manager may not bring a user from `before` (undefined: a new user) to `after`, or null. Only what the
 * change gives is checked against what the manager holds: taking away is always allowed once the user does not
 * outrank the manager.
 */
export function grantRefusal(grantor: Grantor, before: GrantState | undefined, after: GrantState): GrantRefusal | null {
  if (before) {
    const outranked = outranks(grantor, before)
    if (outranked) return outranked
  }
  const permission = after.permissions.find((code) => !(before?.permissions ?? []).includes(code) && !grantor.permissions.includes(code))
  if (permission !== undefined) return { field: 'permissions', message: { key: 'users:rule.grantPermission', params: { code: permission } } }
  if (after.clientAccess === 'all' && before?.clientAccess !== 'all' && !holdsEveryCompany(grantor)) {
    return { field: 'clientAccess', message: { key: 'users:rule.grantAllCompanies' } }
  }
  const had = before ? companiesOfState(before, grantor.allCompanies) : []
  const company = companiesOfState(after, grantor.allCompanies).find((no) => !had.includes(no) && !grantor.companies.includes(no))
  if (company !== undefined) return { field: 'klienten', message: { key: 'users:rule.grantCompany', params: { company: String(company) } } }
  return null
}

/** The permissions the user manager may offer on a form: those it holds. */
export function grantablePermissions<P extends string>(grantor: Pick<Grantor, 'permissions'>, permissions: readonly P[]): P[] {
  return permissions.filter((code) => grantor.permissions.includes(code))
}
