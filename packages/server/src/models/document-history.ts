import type { Knex } from 'knex'
import type { HistoryAction } from '@portal/sdk/domain'
import type { HistoryEntry } from '@portal/sdk/services'

/** An entry to append: who (null for the machines), what, and the document's version after the change. */
export interface NewHistoryEntry {
  document_id: number
  company_no: number
  user_id: string | null
  user_name: string | null
  action: HistoryAction
  field?: string | null
  old_value?: string | null
  new_value?: string | null
  source?: number | null
  version: number
}

const BATCH = 500

/** Appends entries (the table refuses updates and deletes: an audit row, once written, stays as it is). */
export async function appendHistory(trx: Knex | Knex.Transaction, entries: readonly NewHistoryEntry[]): Promise<void> {
  const rows = entries.map((entry) => ({
    field: null,
    old_value: null,
    new_value: null,
    source: null,
    ...entry,
  }))
  for (let i = 0; i < rows.length; i += BATCH) await trx('document_history').insert(rows.slice(i, i + BATCH))
}

const toEntry = (row: Record<string, unknown>): HistoryEntry => ({
  id: Number(row.id),
  document_id: Number(row.document_id),
  company_no: Number(row.company_no),
  at: row.at instanceof Date ? row.at.toISOString() : new Date(String(row.at)).toISOString(),
  user_name: (row.user_name as string | null) ?? null,
  action: row.action as HistoryAction,
  field: (row.field as string | null) ?? null,
  old_value: (row.old_value as string | null) ?? null,
  new_value: (row.new_value as string | null) ?? null,
  source: row.source === null || row.source === undefined ? null : Number(row.source),
  version: Number(row.version),
})

/** One page of a document's history, newest first, and how many entries it has. */
export async function historyPage(db: Knex, documentId: number, limit: number, skip: number): Promise<{ total: number; data: HistoryEntry[] }> {
  const counted = await db('document_history').where({ document_id: documentId }).count({ total: '*' }).first()
  const total = Number(counted?.total ?? 0)
  if (limit === 0 || total === 0) return { total, data: [] }
  const rows: Record<string, unknown>[] = await db('document_history')
    .where({ document_id: documentId })
    .orderBy('id', 'desc')
    .limit(limit)
    .offset(skip)
  return { total, data: rows.map(toEntry) }
}

/** The company a document's history belongs to (it outlives a purged document), or undefined when it has none. */
export async function companyOfHistory(db: Knex, documentId: number): Promise<number | undefined> {
  const row = await db('document_history').where({ document_id: documentId }).first('company_no')
  return row ? Number(row.company_no) : undefined
}
