import type { Knex } from 'knex'
import type { DocumentEditorPatch, EditorBatch } from '@portal/sdk/services'
import type { SessionUser } from '@portal/sdk/services'
import { cloneState, cutBefore, deletePages, insertPages, mergeParts, movePages, renamePart, rotatePages, takePages, type BatchState } from '@portal/sdk/state'
import type { Application } from '../../declarations'
import { authorize } from '../../policies/index'
import { emitDocumentEvent, updateDocument, type DocumentRow } from '../../models/documents/index'
import { appendEdit, lastEdit, loadBatch, removeEdit, saveBatch, type BatchBefore, type BatchRow } from '../../models/editor-batches'
import { userIdOf } from '../../models/users'
import { editorBatchView, editorDocument, ensureBatch, lockedByOther } from './editorBatchView'
import { asRefusal, batchLocked, cannotUndo, mergeFailed, staleBatch } from './errors'
import { userNameOf } from '../../models/users'

/** An editing action other than completion. */
export type EditAction = Exclude<DocumentEditorPatch, { action: 'completeDocument' }>

/** Props of editEditorBatch. */
export interface EditEditorBatchProps {
  app: Application
  user: (SessionUser & { id?: string }) | undefined
  documentId: number
  action: EditAction
}

/** What one edit changed: the batches after it, and editor documents whose waiting state flipped. */
interface EditOutcome {
  batches: BatchRow[]
  documents: DocumentRow[]
}

/** The other batch an action reaches into (move to another batch, merge or add pages from one), if any. */
function otherBatchOf(action: EditAction, documentId: number): number | undefined {
  const other = action.action === 'move' ? action.to_document_id : action.action === 'merge' || action.action === 'addPages' ? action.document_id : undefined
  return other === documentId ? undefined : other
}

/** A batch with no parts left waits no longer (the badge drops); one that has parts again waits again. */
async function markWaiting(trx: Knex.Transaction, row: BatchRow): Promise<DocumentRow | undefined> {
  const document = await editorDocument(trx, row.document_id)
  const empty = row.state.parts.length === 0
  if (empty === Boolean(document.is_processed_documents_accumulator)) return undefined
  return updateDocument(trx, row.document_id, { is_processed_documents_accumulator: empty ? trx.fn.now() : null })
}

/** Applies the action to the states (the other batch's only for cross-batch actions). */
function apply(action: EditAction, state: BatchState, other: BatchState | undefined, otherId: number | undefined): void {
  switch (action.action) {
    case 'move':
      if (other) return insertPages(other, takePages(state, action.pages), action.to_part, action.index, '')
      return movePages(state, action.pages, action.to_part, action.index)
    case 'merge':
      if (other) {
        state.parts.push(...other.parts.map((part) => ({ ...part, id: `${part.id}-${otherId}` })))
        state.set_aside.push(...other.set_aside)
        other.parts = []
        other.set_aside = []
        return
      }
      if (!action.parts) throw mergeFailed('parts', {})
      return mergeParts(state, action.parts)
    case 'addPages': {
      if (!other) throw mergeFailed('same', {})
      const ids = action.pages ?? other.parts.flatMap((part) => part.pages.map((page) => page.id))
      if (ids.length === 0) throw mergeFailed('empty', { source: otherId ?? 0 })
      return insertPages(state, takePages(other, ids), action.to_part, Number.MAX_SAFE_INTEGER, `${otherId}`)
    }
    case 'cut':
      return cutBefore(state, action.page, '')
    case 'rotate':
      return rotatePages(state, action.pages, action.degrees)
    case 'deletePage':
      return deletePages(state, action.pages)
    case 'renameDocument':
      return renamePart(state, action.part, action.name)
    case 'undo':
      return
  }
}

/** New parts made by a cut or a move get a name from their first page's position. */
function nameNewParts(state: BatchState, fileName: string): void {
  state.parts.forEach((part, index) => {
    if (part.name === '') part.name = `${fileName.replace(/\.[A-Za-z0-9]{1,5}$/, '')} ${index + 1}`
  })
}

/** Restores the batches of the newest edit of `documentId`, unless another batch it touched was edited since. */
async function undo(trx: Knex.Transaction, documentId: number): Promise<BatchRow[]> {
  const edit = await lastEdit(trx, documentId)
  if (!edit) throw cannotUndo('nothingToUndo', documentId)
  const restored: BatchRow[] = []
  for (const before of edit.before) {
    // Undo goes back one step per batch: another batch the edit touched must not have been edited since.
    const current = await loadBatch(trx, before.document_id, true)
    if (!current || (await lastEdit(trx, before.document_id))?.id !== edit.id) throw cannotUndo('undoConflict', before.document_id)
    restored.push(await saveBatch(trx, before.document_id, { state: before.state, touched: before.touched }))
  }
  await removeEdit(trx, edit.id)
  return restored
}

/**
 * One editing action on a batch (and, for a move to, a merge or pages added from another batch, on that one too) in
 * one transaction, with the batches locked: refused while another clerk completes it or when the clerk's version is
 * stale; logged for undo with the states before; then every touched batch reaches the company live.
 */
export async function editEditorBatch(props: EditEditorBatchProps): Promise<EditorBatch> {
  const { app, documentId, action } = props
  const knex = app.get('knex')
  const userId = await userIdOf(knex, props.user?.keycloakId)
  const main = await ensureBatch(app, documentId)
  const otherId = otherBatchOf(action, documentId)
  const merging = otherId !== undefined && action.action !== 'move' ? { source: otherId } : null
  if (otherId !== undefined) {
    const other = await ensureBatch(app, otherId).catch(() => {
      throw mergeFailed('notInEditor', { source: otherId })
    })
    if (Number(other.company_no) !== Number(main.company_no)) throw mergeFailed('notInEditor', { source: otherId })
    if (props.user) authorize(props.user, 'document-editor', 'patch', { companyNo: Number(other.company_no) })
  }
  const outcome = await knex.transaction(async (trx): Promise<EditOutcome> => {
    const rows = new Map<number, BatchRow>()
    // Locked in id order, so two edits reaching into the same two batches cannot deadlock.
    for (const id of [documentId, otherId].filter((id): id is number => id !== undefined).sort((a, b) => a - b)) {
      const row = (await loadBatch(trx, id, true)) as BatchRow
      if (lockedByOther(row, userId)) {
        const name = await userNameOf(trx, row.locked_by as string)
        throw id === documentId ? batchLocked(name) : mergeFailed('locked', { source: id, name })
      }
      rows.set(id, row)
    }
    const batch = rows.get(documentId) as BatchRow
    if (action.version !== undefined && action.version !== batch.version) throw staleBatch(documentId)
    if (action.action === 'undo') {
      const batches = await undo(trx, documentId)
      return { batches, documents: (await Promise.all(batches.map((row) => markWaiting(trx, row)))).filter((row): row is DocumentRow => row !== undefined) }
    }
    const other = otherId === undefined ? undefined : rows.get(otherId)
    if (merging && other && other.state.parts.length === 0) throw mergeFailed('processed', { source: other.document_id })
    const state = cloneState(batch.state)
    const otherState = other ? cloneState(other.state) : undefined
    try {
      apply(action, state, otherState, otherId)
    } catch (error) {
      throw asRefusal(error, merging)
    }
    const fileName = (await editorDocument(trx, documentId)).file_name
    nameNewParts(state, fileName)
    if (otherState) nameNewParts(otherState, fileName)
    const changed = [{ row: batch, state }, ...(other && otherState ? [{ row: other, state: otherState }] : [])]
    const batches: BatchRow[] = []
    const before: BatchBefore[] = []
    for (const { row, state: after } of changed) {
      const saved = await saveBatch(trx, row.document_id, { state: after, touched: true })
      batches.push(saved)
      before.push({ document_id: row.document_id, state: row.state, touched: row.touched, version: saved.version })
    }
    await appendEdit(trx, { action: action.action, before, user_id: userId })
    return { batches, documents: (await Promise.all(batches.map((row) => markWaiting(trx, row)))).filter((row): row is DocumentRow => row !== undefined) }
  })
  const views = await Promise.all(outcome.batches.map((row) => editorBatchView(app, row)))
  // The service's own 'patched' event carries this batch (the answer of patch); only the other batch is told here.
  for (const view of views) if (view.id !== documentId) app.service('document-editor').emit('patched', view)
  for (const row of outcome.documents) emitDocumentEvent(app, 'patched', row)
  return views.find((view) => view.id === documentId) ?? editorBatchView(app, (await loadBatch(knex, documentId)) as BatchRow)
}
