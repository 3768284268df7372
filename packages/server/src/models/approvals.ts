import type { Knex } from 'knex'
import { approvalState, approvalsNeeded, type ApprovalAction, type ApprovalState } from '@portal/sdk/domain'
import type { ApprovalDelegationRecord, ApprovalPolicyRecord, ApprovalStep, ApproverChoice, DocumentApproval } from '@portal/sdk/services'
import { isoDate } from './open-items'

/** The queries of approval_policies, approval_delegations and document_approvals (issue 35). */

const iso = (value: unknown): string | null => (value === null || value === undefined ? null : value instanceof Date ? value.toISOString() : String(value))
const money = (value: unknown): string | null => (value === null || value === undefined ? null : Number(value).toFixed(2))

/** The stored policy of a company (the defaults when none was saved: one approval always, no release, no debtor account). */
export async function policyRow(db: Knex | Knex.Transaction, companyNo: number): Promise<Omit<ApprovalPolicyRecord, 'candidates' | 'delegations'>> {
  const row = (await db('approval_policies').where({ company_no: companyNo }).first()) as Record<string, unknown> | undefined
  return {
    company_no: companyNo,
    single_limit: money(row?.single_limit),
    approvers: row ? (typeof row.approvers === 'string' ? (JSON.parse(row.approvers) as string[]) : ((row.approvers as string[]) ?? [])) : [],
    run_release_required: Boolean(row?.run_release_required),
    debtor_name: (row?.debtor_name as string | null) ?? null,
    debtor_iban: (row?.debtor_iban as string | null) ?? null,
    debtor_bic: (row?.debtor_bic as string | null) ?? null,
    updated_by_name: (row?.updated_by_name as string | null) ?? null,
    updated_at: iso(row?.updated_at),
  }
}

/** Writes a company's policy (insert or update) in the caller's transaction. */
export async function writePolicy(trx: Knex.Transaction, companyNo: number, values: Record<string, unknown>): Promise<void> {
  const row = { company_no: companyNo, ...values, approvers: JSON.stringify(values.approvers ?? []), updated_at: trx.fn.now() }
  await trx('approval_policies').insert(row).onConflict('company_no').merge()
}

/** The enabled people holding `app` and the company (assigned, or every company and not excluded). */
export async function approverCandidates(db: Knex | Knex.Transaction, companyNo: number): Promise<ApproverChoice[]> {
  const result = await db.raw(
    `select u.id, u.first_name, u.last_name, u.email from users u
     where u.enabled and 'app' = any(u.permissions)
       and ((u.client_access = 'all' and not exists (select 1 from user_clients c where c.user_id = u.id and c.company_no = ? and c.mode = 'excluded'))
         or exists (select 1 from user_clients c where c.user_id = u.id and c.company_no = ? and c.mode = 'assigned'))
     order by u.last_name, u.first_name`,
    [companyNo, companyNo],
  )
  return (result.rows as Record<string, unknown>[]).map((row) => ({ id: String(row.id), name: [row.first_name, row.last_name].filter(Boolean).join(' ') || String(row.email) }))
}

const delegationRecord = (row: Record<string, unknown>): ApprovalDelegationRecord => ({
  id: Number(row.id),
  company_no: Number(row.company_no),
  from_user: String(row.from_user),
  from_name: (row.from_name as string | null) ?? null,
  to_user: String(row.to_user),
  to_name: (row.to_name as string | null) ?? null,
  from_date: isoDate(row.from_date) ?? '',
  to_date: isoDate(row.to_date) ?? '',
  ended: row.ended_at !== null && row.ended_at !== undefined,
})

/** A company's delegations, newest first. */
export async function delegationsOf(db: Knex | Knex.Transaction, companyNo: number): Promise<ApprovalDelegationRecord[]> {
  return ((await db('approval_delegations').where({ company_no: companyNo }).orderBy('id', 'desc')) as Record<string, unknown>[]).map(delegationRecord)
}

/** One delegation, or undefined. */
export async function delegationOf(db: Knex | Knex.Transaction, id: number): Promise<ApprovalDelegationRecord | undefined> {
  const row = (await db('approval_delegations').where({ id }).first()) as Record<string, unknown> | undefined
  return row ? delegationRecord(row) : undefined
}

/** Stores a delegation; answers its id. */
export async function insertDelegation(trx: Knex.Transaction, row: Record<string, unknown>): Promise<number> {
  const [inserted] = (await trx('approval_delegations').insert(row).returning('id')) as { id: number }[]
  return Number(inserted.id)
}

/** Ends a delegation (kept, marked ended). */
export async function endDelegation(trx: Knex.Transaction, id: number): Promise<void> {
  await trx('approval_delegations').where({ id }).whereNull('ended_at').update({ ended_at: trx.fn.now() })
}

/** The absent people whose approvals `userId` holds on `today` for the company. */
export async function delegatorsOf(db: Knex | Knex.Transaction, companyNo: number, userId: string, today: string): Promise<{ id: string; name: string | null }[]> {
  const rows = (await db('approval_delegations')
    .where({ company_no: companyNo, to_user: userId })
    .whereNull('ended_at')
    .where('from_date', '<=', today)
    .where('to_date', '>=', today)
    .select('from_user', 'from_name')) as { from_user: string; from_name: string | null }[]
  return rows.map((row) => ({ id: String(row.from_user), name: row.from_name }))
}

/** One step as stored, with whose approval it counts as. */
export interface StoredStep extends ApprovalStep {
  user_id: string | null
  counts_for: string | null
}

/** An invoice's steps, oldest first. */
export async function stepsOf(db: Knex | Knex.Transaction, documentId: number): Promise<StoredStep[]> {
  const rows = (await db('document_approvals').where({ document_id: documentId }).orderBy('id')) as Record<string, unknown>[]
  return rows.map((row) => ({
    id: Number(row.id),
    action: row.action as ApprovalAction,
    text: (row.text as string | null) ?? null,
    user_name: (row.user_name as string | null) ?? null,
    on_behalf_of_name: (row.on_behalf_of_name as string | null) ?? null,
    created_at: iso(row.created_at) ?? '',
    user_id: (row.user_id as string | null) ?? null,
    counts_for: ((row.on_behalf_of ?? row.user_id) as string | null) ?? null,
  }))
}

/** Appends a step (the table refuses changes to stored ones). */
export async function insertStep(trx: Knex.Transaction, row: Record<string, unknown>): Promise<void> {
  await trx('document_approvals').insert(row)
}

/** The wire approval of an invoice from its steps, company and gross. */
export function documentApproval(documentId: number, companyNo: number, gross: string, singleLimit: string | null, steps: readonly StoredStep[]): DocumentApproval {
  const needed = approvalsNeeded(gross, singleLimit)
  const { state, approvers } = approvalState(steps, needed)
  const names = new Map(steps.map((step) => [step.counts_for, step.on_behalf_of_name ?? step.user_name]))
  return {
    document_id: documentId,
    company_no: companyNo,
    state,
    needed,
    approved_by: approvers.map((id) => names.get(id) ?? '?'),
    steps: steps.map(({ id, action, text, user_name, on_behalf_of_name, created_at }) => ({ id, action, text, user_name, on_behalf_of_name, created_at })),
  }
}

/** The approval state of many invoices of one company at once (the unpaid items' column and the run's check). */
export async function approvalStates(
  db: Knex | Knex.Transaction,
  companyNo: number,
  invoices: readonly { document_id: number; gross: string }[],
): Promise<Map<number, ApprovalState>> {
  const states = new Map<number, ApprovalState>()
  if (invoices.length === 0) return states
  const { single_limit: limit } = await policyRow(db, companyNo)
  const ids = [...new Set(invoices.map((invoice) => invoice.document_id))]
  const byDocument = new Map<number, { action: ApprovalAction; counts_for: string | null }[]>()
  for (let i = 0; i < ids.length; i += 1000) {
    const rows = (await db('document_approvals').whereIn('document_id', ids.slice(i, i + 1000)).orderBy('id').select('document_id', 'action', 'user_id', 'on_behalf_of')) as Record<string, unknown>[]
    for (const row of rows) {
      const list = byDocument.get(Number(row.document_id)) ?? []
      list.push({ action: row.action as ApprovalAction, counts_for: ((row.on_behalf_of ?? row.user_id) as string | null) ?? null })
      byDocument.set(Number(row.document_id), list)
    }
  }
  for (const invoice of invoices) states.set(invoice.document_id, approvalState(byDocument.get(invoice.document_id) ?? [], approvalsNeeded(invoice.gross, limit)).state)
  return states
}

/** Stores the derived state of invoices (the filters read it); `open` removes the row. */
export async function writeApprovalStates(trx: Knex.Transaction, companyNo: number, states: ReadonlyMap<number, ApprovalState>): Promise<void> {
  const open = [...states].filter(([, state]) => state === 'open').map(([id]) => id)
  const rows = [...states].filter(([, state]) => state !== 'open').map(([document_id, state]) => ({ document_id, company_no: companyNo, state }))
  if (open.length > 0) await trx('approval_states').whereIn('document_id', open).delete()
  for (let i = 0; i < rows.length; i += 1000) await trx('approval_states').insert(rows.slice(i, i + 1000)).onConflict('document_id').merge()
}

/** Every invoice of a company that has steps, with its gross (a policy change derives their states anew). */
export async function approvedDocumentsOf(db: Knex | Knex.Transaction, companyNo: number): Promise<number[]> {
  return ((await db('document_approvals').where({ company_no: companyNo }).distinct('document_id')) as { document_id: number }[]).map((row) => Number(row.document_id))
}

/** The standing bookings of a document (its open item on the unpaid items, when it is booked). */
export async function standingBookingsOf(db: Knex | Knex.Transaction, documentId: number): Promise<number[]> {
  const rows = (await db('bookings as b')
    .where({ 'b.document_id': documentId, 'b.kind': 'booking' })
    .whereNotExists(db('bookings as r').whereRaw('r.reverses_booking_id = b.id'))
    .select('b.id')) as { id: number }[]
  return rows.map((row) => Number(row.id))
}

/** Serializes the changes of one invoice's approval (two approvals at once cannot both be the second). */
export async function lockApproval(trx: Knex.Transaction, documentId: number): Promise<void> {
  await trx.raw('select pg_advisory_xact_lock(35, ?)', [documentId])
}
