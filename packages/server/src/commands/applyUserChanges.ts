import { BadRequest } from '@feathersjs/errors'
import type { Knex } from 'knex'
import { planUserChanges, type UserAccessState, type UserChange, type UserDiff } from '@portal/sdk/domain'
import { createError } from '@portal/sdk/errors'
import type { AuditAction, SessionUser, UserBulkResult } from '@portal/sdk/services'
import type { Application } from '../declarations'
import { endUserSessions } from '../accounts/end-user-sessions'
import { emitUsersChanged } from '../accounts/user-events'
import { appendAudit, type NewAuditEntry } from '../models/audit-log'
import { accessRecords, existingCompanies, writeAccess, type AccessRecord } from '../models/user-admin'
import { actorOf, type Actor } from '../models/users'
import { grantorOf } from './userRules'

/** Props of applyUserChanges. */
export interface ApplyUserChangesProps {
  app: Application
  /** The administrator making the change (self-lockout rules, audit). */
  caller: SessionUser
  changes: readonly UserChange[]
  /** Only answer the diffs; nothing is written. */
  dryRun: boolean
}

async function contextOf(db: Knex, changes: readonly UserChange[], caller: SessionUser) {
  const records = await accessRecords(db, { emails: changes.map((change) => change.email) })
  const companies = await existingCompanies(
    db,
    changes.flatMap((change) => [...(change.addClients ?? []), ...(change.removeClients ?? []), ...(change.excludeClients ?? [])]),
  )
  const users = new Map(records.map((record) => [record.email.trim().toLowerCase(), record]))
  return { users, context: { users, companyExists: (no: number) => companies.has(no), actorEmail: caller.email, grantor: await grantorOf(db, caller) } }
}

/** The changed fields of one user, before and after, as the audit log keeps them. */
export function auditValues(diff: UserDiff, before: UserAccessState, after: UserAccessState): Pick<NewAuditEntry, 'before' | 'after'> {
  const was: Record<string, unknown> = {}
  const now: Record<string, unknown> = {}
  if (diff.permissions.added.length + diff.permissions.removed.length > 0) [was.permissions, now.permissions] = [before.permissions, after.permissions]
  if (diff.klienten.added.length + diff.klienten.removed.length > 0) [was.klienten, now.klienten] = [before.klienten, after.klienten]
  if (diff.excluded.added.length + diff.excluded.removed.length > 0) [was.excluded, now.excluded] = [before.excluded, after.excluded]
  if (diff.clientAccess) [was.clientAccess, now.clientAccess] = [diff.clientAccess.from, diff.clientAccess.to]
  if (diff.enabled) [was.enabled, now.enabled] = [diff.enabled.from, diff.enabled.to]
  return { before: was, after: now }
}

/** The audit action of a diff: enabling or disabling alone reads as such, anything else as a change. */
export function auditAction(diff: UserDiff): AuditAction {
  const onlyEnabled =
    diff.enabled !== undefined &&
    diff.clientAccess === undefined &&
    [diff.permissions, diff.klienten, diff.excluded].every((list) => list.added.length + list.removed.length === 0)
  if (onlyEnabled) return diff.enabled!.to ? 'user.enable' : 'user.disable'
  return 'user.update'
}

function auditEntry(actor: Actor, diff: UserDiff, before: AccessRecord, after: UserAccessState): NewAuditEntry {
  return { actor, action: auditAction(diff), entity: 'user', targetId: before.id, targetLabel: before.email, ...auditValues(diff, before, after) }
}

/**
 * A bulk change of users (web bulk edit, `portal users apply`): every row is validated first (unknown user,
 * permission or client, self-lockout, a user twice, a grant beyond what the caller holds) and a refused row changes
 * nothing. A dry run answers the
 * diffs. Otherwise every change and its audit entry are written in one transaction; after the commit disabled
 * users' sessions end at once and the changed users are published.
 */
export async function applyUserChanges(props: ApplyUserChangesProps): Promise<UserBulkResult> {
  const db = props.app.get('knex')
  if (props.dryRun) {
    const { context } = await contextOf(db, props.changes, props.caller)
    const plan = planUserChanges(props.changes, context)
    return { dryRun: true, applied: false, diffs: plan.diffs, errors: plan.errors, unchanged: plan.errors.length > 0 ? 0 : props.changes.length - plan.diffs.length }
  }
  const actor = await actorOf(db, props.caller)
  const outcome = await db.transaction(async (trx) => {
    const { users, context } = await contextOf(trx, props.changes, props.caller)
    const plan = planUserChanges(props.changes, context)
    if (plan.errors.length > 0) {
      const refusal = createError('BadRequest', 'users:bulk.invalid', { count: plan.errors.length })
      // The rows travel with the error, so the web and the CLI name each refused row and its rule.
      throw new BadRequest(refusal.message, { ...(refusal.data as object), rows: plan.errors })
    }
    const entries: NewAuditEntry[] = []
    plan.diffs.forEach((diff, index) => {
      const before = users.get(diff.email.trim().toLowerCase())!
      entries.push(auditEntry(actor, diff, before, plan.next[index]))
    })
    await writeAccess(
      trx,
      plan.diffs.map((diff, index) => ({ before: users.get(diff.email.trim().toLowerCase())!, after: plan.next[index] })),
    )
    await appendAudit(trx, entries)
    const disabled = plan.diffs.filter((diff) => diff.enabled?.to === false).map((diff) => users.get(diff.email.trim().toLowerCase())!.keycloakId)
    return { plan, disabled }
  })
  await endUserSessions(props.app, outcome.disabled)
  await emitUsersChanged(
    props.app,
    outcome.plan.diffs.map((diff) => diff.userId),
  )
  return { dryRun: false, applied: true, diffs: outcome.plan.diffs, errors: [], unchanged: props.changes.length - outcome.plan.diffs.length }
}
