import type { Knex } from 'knex'
import type { EditorBatch } from '@portal/sdk/services'
import { ProcessingState } from '@portal/sdk/domain'
import type { Application } from '../../declarations'
import { documentStore } from '../../documents/runtime'
import { loadDocument } from '../../models/documents/index'
import { countEdits, insertBatch, loadBatch, resuggestBatch, type BatchRow } from '../../models/editor-batches'
import { userNameOf } from '../../models/users'
import { notInEditor } from './errors'
import { suggestBatchCuts } from './suggestBatchCuts'

/** How long a completion's lock holds at most: a server that died mid-way does not lock the batch for good. */
export const LOCK_MS = 2 * 60 * 1000

/** Whether a batch is locked by someone other than `userId` right now. */
export function lockedByOther(row: BatchRow, userId: string | null, now = Date.now()): boolean {
  if (!row.locked_by || row.locked_by === userId) return false
  return now - new Date(row.locked_at ?? 0).getTime() < LOCK_MS
}

/** The editor document `id` (a live upload in the editor), or notInEditor. */
export async function editorDocument(db: Knex, id: number) {
  const document = await loadDocument(db, id)
  if (!document || !document.in_editor || document.deleted_at) throw notInEditor(id)
  return document
}

/**
 * The batch row of editor document `id`, made on first use with the suggested cuts, and suggested again while no one
 * touched it and the pipeline has read its pages since.
 */
export async function ensureBatch(app: Application, id: number): Promise<BatchRow> {
  const knex = app.get('knex')
  const document = await editorDocument(knex, id)
  const read = document.processing_state === ProcessingState.done
  const existing = await loadBatch(knex, id)
  const separator = app.get('config').editorSeparatorText
  const file = async () => documentStore(app).get(document.sha256)
  if (!existing) {
    await insertBatch(knex, { document_id: id, company_no: document.company_no, state: await suggestBatchCuts(knex, document, read, separator, file) })
  } else if (!existing.touched && read && !existing.state.suggested) {
    await resuggestBatch(knex, id, await suggestBatchCuts(knex, document, read, separator, file))
  } else {
    return existing
  }
  return (await loadBatch(knex, id)) as BatchRow
}

/** A batch as the editor shows it. */
export async function editorBatchView(app: Application, row: BatchRow): Promise<EditorBatch> {
  const knex = app.get('knex')
  const document = await editorDocument(knex, row.document_id).catch(() => undefined)
  const locked = row.locked_by && Date.now() - new Date(row.locked_at ?? 0).getTime() < LOCK_MS ? await userNameOf(knex, row.locked_by) : null
  return {
    id: row.document_id,
    company_no: Number(row.company_no),
    file_name: document?.file_name ?? '',
    version: row.version,
    reading: document ? document.processing_state !== ProcessingState.done && document.processing_state !== ProcessingState.failed : false,
    parts: row.state.parts,
    set_aside: row.state.set_aside,
    completed: row.completed,
    locked_by: locked,
    undoable: await countEdits(knex, row.document_id),
    processed: Boolean(document?.is_processed_documents_accumulator),
  }
}
