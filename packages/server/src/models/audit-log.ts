import { isDeepStrictEqual } from 'node:util'
import type { Knex } from 'knex'
import type { AuditAction, AuditEntry, AuditLogQuery } from '@portal/sdk/services'
import type { Actor } from './users'

/**
 * The audit log: every administrative change (users, responsibility, scanners …), append-only (a trigger refuses
 * updates and deletes). Written by the change's command in the change's transaction, so a change and its entry
 * exist together or not at all.
 */

/** One change to append: who, what (`entity.verb`, e.g. `user.disable`), for whom, and the values before/after. */
export interface NewAuditEntry {
  actor: Actor
  /** One of the SDK's AUDIT_ACTIONS, each with its English and German text. */
  action: AuditAction
  entity: string
  targetId: string
  /** The target as people read it now (a user's e-mail), kept as it was. */
  targetLabel?: string | null
  companyNo?: number | null
  /** Only the changed fields, never secrets. */
  before?: Record<string, unknown> | null
  after?: Record<string, unknown> | null
}

const BATCH = 500

/**
 * The fields of `after` whose values differ from `before`, with both values (an entry names only what changed);
 * undefined when nothing did, so a save that changes nothing appends no entry.
 */
export function changedValues<T extends object>(before: T, after: T): { before: Partial<T>; after: Partial<T> } | undefined {
  const fields = (Object.keys(after) as (keyof T)[]).filter((field) => !isDeepStrictEqual(before[field], after[field]))
  if (fields.length === 0) return undefined
  const pick = (source: T) => Object.fromEntries(fields.map((field) => [field, source[field]])) as Partial<T>
  return { before: pick(before), after: pick(after) }
}

/** Appends entries in the caller's transaction. */
export async function appendAudit(trx: Knex | Knex.Transaction, entries: readonly NewAuditEntry[]): Promise<void> {
  const rows = entries.map((entry) => ({
    user_id: entry.actor.id,
    actor_name: entry.actor.name,
    company_no: entry.companyNo ?? null,
    action: entry.action,
    entity: entry.entity,
    entity_id: entry.targetId,
    target_label: entry.targetLabel ?? null,
    before: entry.before ? JSON.stringify(entry.before) : null,
    after: entry.after ? JSON.stringify(entry.after) : null,
  }))
  for (let i = 0; i < rows.length; i += BATCH) await trx('audit_log').insert(rows.slice(i, i + BATCH))
}

function json(value: unknown): Record<string, unknown> | null {
  if (value === null || value === undefined) return null
  return (typeof value === 'string' ? JSON.parse(value) : value) as Record<string, unknown>
}

function toEntry(row: Record<string, unknown>): AuditEntry {
  return {
    id: Number(row.id),
    at: row.at instanceof Date ? row.at.toISOString() : new Date(String(row.at)).toISOString(),
    actorId: (row.user_id as string | null) ?? null,
    actorName: (row.actor_name as string | null) ?? null,
    action: String(row.action),
    entity: String(row.entity),
    targetId: String(row.entity_id ?? ''),
    targetLabel: (row.target_label as string | null) ?? null,
    companyNo: row.company_no === null || row.company_no === undefined ? null : Number(row.company_no),
    // Entries written before before/after existed (scanners' detail) show their detail as the new state.
    before: json(row.before),
    after: json(row.after) ?? json(row.detail),
  }
}

/** One page of the audit log, newest first, narrowed by the query, and how many entries match. */
export async function auditPage(db: Knex, query: AuditLogQuery): Promise<{ total: number; data: AuditEntry[] }> {
  const filtered = () => {
    const builder = db('audit_log')
    if (query.entity) builder.where('entity', query.entity)
    if (query.targetId) builder.where('entity_id', query.targetId)
    if (query.actorId) builder.where('user_id', query.actorId)
    if (query.action) builder.where('action', query.action)
    return builder
  }
  const counted = await filtered().count({ total: '*' }).first()
  const rows = (await filtered()
    .orderBy('id', 'desc')
    .limit(query.$limit ?? 100)
    .offset(query.$skip ?? 0)
    .select('*')) as Record<string, unknown>[]
  return { total: Number(counted?.total ?? 0), data: rows.map(toEntry) }
}
