import type { Message } from '../i18n/types'
import { email as emailRule } from '../validators/generic'
import { isPermission } from './permissions'
import { grantRefusal, type Grantor } from './userGrants'

/**
 * Administrators' changes to users (web bulk edit, `portal users apply`, the server's user-bulk service) as one
 * pure plan: validate every row, apply it to the users as they are, and say who gains and loses what. Web, CLI
 * and server share this copy, so a preview shows exactly what the server will write.
 */

/** Client access of a user: only assigned companies, or all companies except the excluded ones. */
export type ClientAccess = 'assigned' | 'all'

/** One row of a bulk change, addressed by e-mail. Lists are additive/subtractive; absent means unchanged. */
export interface UserChange {
  email: string
  addPermissions?: readonly string[]
  removePermissions?: readonly string[]
  /** Grants a company: added to the assigned list (or taken off the excluded list with all-clients access). */
  addClients?: readonly number[]
  /** Withdraws a company: taken off the assigned list (or put on the excluded list with all-clients access). */
  removeClients?: readonly number[]
  enabled?: boolean
  /** true: access to all companies (minus the excluded); false: only the assigned ones. */
  allClients?: boolean
  /** Put on the excluded list (meaningful with all-clients access). */
  excludeClients?: readonly number[]
}

/** What a change needs to know of a user. */
export interface UserAccessState {
  id: string
  email: string
  permissions: readonly string[]
  clientAccess: ClientAccess
  klienten: readonly number[]
  excluded: readonly number[]
  enabled: boolean
}

/** Added and removed values of one list. */
export interface ListDiff<T> {
  added: T[]
  removed: T[]
}

/** What one change does to one user: who gains and loses what. */
export interface UserDiff {
  userId: string
  email: string
  permissions: ListDiff<string>
  klienten: ListDiff<number>
  excluded: ListDiff<number>
  clientAccess?: { from: ClientAccess; to: ClientAccess }
  enabled?: { from: boolean; to: boolean }
}

/** A refused row: its index in the change list (0-based), the field and the rule it breaks. */
export interface RowError {
  row: number
  email: string
  field: keyof UserChange
  message: Message
}

/** What validation needs besides the rows: the users by e-mail, the companies, and who is making the change. */
export interface ChangeContext {
  /** Users by lower-case e-mail. */
  users: ReadonlyMap<string, UserAccessState>
  /** Whether a company number exists. */
  companyExists: (companyNo: number) => boolean
  /** The administrator's own e-mail (self-lockout rules). */
  actorEmail: string
  /** What the administrator holds: a row may grant only that, and may not touch a user who holds more (userGrants). */
  grantor: Grantor
}

/** The outcome of planning a change list: refused rows, or the diffs and the users as they will be. */
export interface UserChangePlan {
  errors: RowError[]
  diffs: UserDiff[]
  next: UserAccessState[]
}

/** The key users are matched by: e-mail, trimmed and lower-cased. */
export function emailKey(email: string): string {
  return email.trim().toLowerCase()
}

function unique<T>(values: readonly T[]): T[] {
  return [...new Set(values)]
}

function without<T>(values: readonly T[], removed: readonly T[]): T[] {
  return values.filter((value) => !removed.includes(value))
}

function sortedNumbers(values: readonly number[]): number[] {
  return [...values].sort((a, b) => a - b)
}

/** Validates one row against the rules that need no other row: e-mail, known codes and companies, self-lockout. */
export function validateUserChange(change: UserChange, row: number, context: ChangeContext): RowError[] {
  const errors: RowError[] = []
  const refuse = (field: keyof UserChange, message: Message) => errors.push({ row, email: change.email, field, message })
  const emailProblem = emailRule(change.email) ?? (change.email.trim() === '' ? { key: 'validation:notEmpty' } : null)
  if (emailProblem) {
    refuse('email', emailProblem)
    return errors
  }
  const user = context.users.get(emailKey(change.email))
  if (!user) refuse('email', { key: 'users:rule.unknownUser', params: { email: change.email } })
  for (const field of ['addPermissions', 'removePermissions'] as const) {
    for (const code of change[field] ?? []) {
      if (!isPermission(code)) refuse(field, { key: 'users:rule.unknownPermission', params: { code } })
    }
  }
  const both = (change.addPermissions ?? []).filter((code) => (change.removePermissions ?? []).includes(code))
  if (both.length > 0) refuse('removePermissions', { key: 'users:rule.addAndRemove', params: { values: both.join(', ') } })
  for (const field of ['addClients', 'removeClients', 'excludeClients'] as const) {
    for (const client of change[field] ?? []) {
      if (!Number.isInteger(client) || client < 1 || !context.companyExists(client)) {
        refuse(field, { key: 'users:rule.unknownClient', params: { client: String(client) } })
      }
    }
  }
  const clientsBoth = (change.addClients ?? []).filter((no) => (change.removeClients ?? []).includes(no))
  if (clientsBoth.length > 0) refuse('removeClients', { key: 'users:rule.addAndRemove', params: { values: clientsBoth.join(', ') } })
  if (emailKey(change.email) === emailKey(context.actorEmail)) {
    if ((change.removePermissions ?? []).includes('kca')) refuse('removePermissions', { key: 'users:rule.selfRemoveKca' })
    if (change.enabled === false) refuse('enabled', { key: 'users:rule.selfDisable' })
  }
  return errors
}

/**
 * Why a change would lock its author out (an administrator removing their own kca or disabling themselves), or
 * null. For any way of changing a user: a bulk row, the edit form, `portal users edit`.
 */
export function selfLockout(before: Pick<UserAccessState, 'permissions' | 'enabled'>, after: Pick<UserAccessState, 'permissions' | 'enabled'>): Message | null {
  if (before.permissions.includes('kca') && !after.permissions.includes('kca')) return { key: 'users:rule.selfRemoveKca' }
  if (before.enabled && !after.enabled) return { key: 'users:rule.selfDisable' }
  return null
}

/** The user after one change (the change is assumed valid). */
export function applyUserChange(user: UserAccessState, change: UserChange): UserAccessState {
  const clientAccess: ClientAccess = change.allClients === undefined ? user.clientAccess : change.allClients ? 'all' : 'assigned'
  let klienten = [...user.klienten]
  let excluded = [...user.excluded]
  const add = change.addClients ?? []
  const remove = change.removeClients ?? []
  if (clientAccess === 'assigned') {
    klienten = without(unique([...klienten, ...add]), remove)
  } else {
    excluded = unique([...without(excluded, add), ...remove])
  }
  excluded = unique([...excluded, ...(change.excludeClients ?? [])])
  const permissions = without(unique([...user.permissions, ...(change.addPermissions ?? [])]), change.removePermissions ?? [])
  return {
    ...user,
    permissions,
    clientAccess,
    klienten: sortedNumbers(klienten),
    excluded: sortedNumbers(excluded),
    enabled: change.enabled ?? user.enabled,
  }
}

function listDiff<T>(before: readonly T[], after: readonly T[]): ListDiff<T> {
  return { added: after.filter((value) => !before.includes(value)), removed: before.filter((value) => !after.includes(value)) }
}

/** What changed between two states of one user. */
export function diffUser(before: UserAccessState, after: UserAccessState): UserDiff {
  const diff: UserDiff = {
    userId: before.id,
    email: before.email,
    permissions: listDiff(before.permissions, after.permissions),
    klienten: listDiff(before.klienten, after.klienten),
    excluded: listDiff(before.excluded, after.excluded),
  }
  if (before.clientAccess !== after.clientAccess) diff.clientAccess = { from: before.clientAccess, to: after.clientAccess }
  if (before.enabled !== after.enabled) diff.enabled = { from: before.enabled, to: after.enabled }
  return diff
}

/** True when a diff changes nothing. */
export function isEmptyDiff(diff: UserDiff): boolean {
  return (
    [diff.permissions, diff.klienten, diff.excluded].every((list) => list.added.length === 0 && list.removed.length === 0) &&
    diff.clientAccess === undefined &&
    diff.enabled === undefined
  )
}

/** The row field a grant refusal names. */
const GRANT_FIELDS = { permissions: 'addPermissions', klienten: 'addClients', clientAccess: 'allClients', user: 'email' } as const

/**
 * Plans a change list: every row is validated (all refusals are reported, not only the first); a user named twice
 * is refused on the later row, so a file's meaning never depends on row order; a row that grants what the
 * administrator does not hold, or touches a user who holds more, is refused (userGrants). With no refusal, answers the diff
 * of each user that actually changes and the users' new states.
 */
export function planUserChanges(changes: readonly UserChange[], context: ChangeContext): UserChangePlan {
  const errors: RowError[] = []
  const firstRow = new Map<string, number>()
  changes.forEach((change, row) => {
    errors.push(...validateUserChange(change, row, context))
    const key = emailKey(change.email)
    const earlier = firstRow.get(key)
    if (earlier !== undefined) {
      errors.push({ row, email: change.email, field: 'email', message: { key: 'users:rule.duplicate', params: { row: earlier + 1 } } })
    } else firstRow.set(key, row)
  })
  changes.forEach((change, row) => {
    const before = context.users.get(emailKey(change.email))
    if (!before || errors.some((error) => error.row === row)) return
    const refused = grantRefusal(context.grantor, before, applyUserChange(before, change))
    if (refused) errors.push({ row, email: change.email, field: GRANT_FIELDS[refused.field], message: refused.message })
  })
  if (errors.length > 0) return { errors, diffs: [], next: [] }
  const diffs: UserDiff[] = []
  const next: UserAccessState[] = []
  for (const change of changes) {
    const before = context.users.get(emailKey(change.email))!
    const after = applyUserChange(before, change)
    const diff = diffUser(before, after)
    if (isEmptyDiff(diff)) continue
    diffs.push(diff)
    next.push(after)
  }
  return { errors, diffs, next }
}

/** One line of a diff as people read it ("gains permission doc"), for the web preview and the CLI's --dry-run. */
export function describeDiff(diff: UserDiff): Message[] {
  const lines: Message[] = []
  const list = (values: readonly (string | number)[]) => values.join(', ')
  if (diff.permissions.added.length > 0) lines.push({ key: 'users:diff.gainsPermissions', params: { values: list(diff.permissions.added) } })
  if (diff.permissions.removed.length > 0) lines.push({ key: 'users:diff.losesPermissions', params: { values: list(diff.permissions.removed) } })
  if (diff.clientAccess) lines.push({ key: diff.clientAccess.to === 'all' ? 'users:diff.allClients' : 'users:diff.assignedClients' })
  if (diff.klienten.added.length > 0) lines.push({ key: 'users:diff.gainsClients', params: { values: list(diff.klienten.added) } })
  if (diff.klienten.removed.length > 0) lines.push({ key: 'users:diff.losesClients', params: { values: list(diff.klienten.removed) } })
  if (diff.excluded.added.length > 0) lines.push({ key: 'users:diff.excludesClients', params: { values: list(diff.excluded.added) } })
  if (diff.excluded.removed.length > 0) lines.push({ key: 'users:diff.includesClients', params: { values: list(diff.excluded.removed) } })
  if (diff.enabled) lines.push({ key: diff.enabled.to ? 'users:diff.enabled' : 'users:diff.disabled' })
  return lines
}
