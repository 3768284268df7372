import type { Knex } from 'knex'
import type { BatchState } from '@portal/sdk/state'

/** A part completed into a document. */
export interface CompletedPart {
  name: string
  document_id: number
  pages: number
}

/** An editor_batches row. */
export interface BatchRow {
  document_id: number
  company_no: number
  state: BatchState
  touched: boolean
  completed: CompletedPart[]
  version: number
  locked_by: string | null
  locked_at: Date | string | null
}

/** A batch as it was before an edit (what undo restores), with the version the edit left it at. */
export interface BatchBefore {
  document_id: number
  state: BatchState
  touched: boolean
  version: number
}

/** One entry of the edit log. */
export interface EditRow {
  id: number
  action: string
  before: BatchBefore[]
  batch_ids: number[]
}

const parsed = <T>(value: unknown): T => (typeof value === 'string' ? (JSON.parse(value) as T) : (value as T))

function toBatch(row: Record<string, unknown> | undefined): BatchRow | undefined {
  if (!row) return undefined
  return { ...(row as unknown as BatchRow), state: parsed<BatchState>(row.state), completed: parsed<CompletedPart[]>(row.completed), version: Number(row.version) }
}

/** A batch's row; inside a transaction `forUpdate` holds it until commit (edits of one batch wait for each other). */
export async function loadBatch(db: Knex, documentId: number, forUpdate = false): Promise<BatchRow | undefined> {
  const query = db('editor_batches').where({ document_id: documentId })
  return toBatch(await (forUpdate ? query.forUpdate() : query).first())
}

/** Stores a batch's first state (a second caller doing the same at once leaves the first's). */
export async function insertBatch(db: Knex, row: { document_id: number; company_no: number; state: BatchState }): Promise<void> {
  await db('editor_batches').insert({ ...row, state: JSON.stringify(row.state) }).onConflict('document_id').ignore()
}

/** Replaces a batch's suggestion while no one has touched it (the pages were read meanwhile). */
export async function resuggestBatch(db: Knex, documentId: number, state: BatchState): Promise<void> {
  await db('editor_batches').where({ document_id: documentId, touched: false }).update({ state: JSON.stringify(state), updated_at: db.fn.now() })
}

/** Writes a batch's changes and bumps its version; answers the row after. */
export async function saveBatch(
  db: Knex,
  documentId: number,
  changes: Partial<{ state: BatchState; touched: boolean; completed: CompletedPart[]; locked_by: string | null; locked_at: Date | null; version: number }>,
): Promise<BatchRow> {
  const values: Record<string, unknown> = { ...changes, updated_at: db.fn.now() }
  if (changes.state) values.state = JSON.stringify(changes.state)
  if (changes.completed) values.completed = JSON.stringify(changes.completed)
  values.version = changes.version ?? db.raw('version + 1')
  const [row] = await db('editor_batches').where({ document_id: documentId }).update(values).returning('*')
  return toBatch(row) as BatchRow
}

/** Appends an edit to the log. */
export async function appendEdit(db: Knex, edit: { action: string; before: BatchBefore[]; user_id: string | null }): Promise<void> {
  await db('editor_edits').insert({
    action: edit.action,
    before: JSON.stringify(edit.before),
    batch_ids: edit.before.map((batch) => batch.document_id),
    user_id: edit.user_id,
  })
}

/** The newest edit that touched a batch, if any. */
export async function lastEdit(db: Knex, documentId: number): Promise<EditRow | undefined> {
  const row = await db('editor_edits').whereRaw('batch_ids @> ?::integer[]', [[documentId]]).orderBy('id', 'desc').first()
  return row ? { ...row, before: parsed<BatchBefore[]>(row.before) } : undefined
}

/** How many edits of a batch can be undone. */
export async function countEdits(db: Knex, documentId: number): Promise<number> {
  const row = await db('editor_edits').whereRaw('batch_ids @> ?::integer[]', [[documentId]]).count<{ count: string }[]>({ count: '*' }).first()
  return Number(row?.count ?? 0)
}

/** Removes an edit from the log (undone). */
export async function removeEdit(db: Knex, id: number): Promise<void> {
  await db('editor_edits').where({ id }).delete()
}

/** Forgets a batch's edits: a completion cannot be undone, nor what came before it. */
export async function clearEdits(db: Knex, documentId: number): Promise<void> {
  await db('editor_edits').whereRaw('batch_ids @> ?::integer[]', [[documentId]]).delete()
}
