import { DocumentKind, FileKind, MimeType } from '@portal/sdk/domain'
import type { CompleteDocumentAction, EditorBatch, SessionUser } from '@portal/sdk/services'
import { validPartName, type BatchPart } from '@portal/sdk/state'
import type { Application } from '../../declarations'
import { authorize } from '../../policies/index'
import { documentStore } from '../../documents/runtime'
import { lockFileHash, removeUnreferencedFile } from '../../documents/file-lock'
import { storedFileName } from '../../documents/file-name'
import { enqueueJob } from '../../jobs/queue'
import { EXTRACT_JOB, type ExtractJobPayload } from '../../jobs/kinds'
import { emitDocumentEvent, insertDocument, liveDocumentWithHash, loadDocumentFile, updateDocument, type DocumentRow } from '../../models/documents/index'
import { clearEdits, loadBatch, saveBatch, type BatchRow } from '../../models/editor-batches'
import { userIdOf, userNameOf } from '../../models/users'
import { buildPartPdfsInThread } from '../../documents/file-thread/pool'
import { PageBuildError, type SourceFile } from './part-sources'
import { editorBatchView, ensureBatch, lockedByOther } from './editorBatchView'
import { batchLocked, creationFailed, duplicatePart, duplicateParts, staleBatch } from './errors'

/** Props of completeEditorParts. */
export interface CompleteEditorPartsProps {
  app: Application
  user: (SessionUser & { id?: string }) | undefined
  documentId: number
  action: CompleteDocumentAction
}

/** The chosen parts after SPEC §5's rules: name at least one character, a client, a document group, pages selected. */
function checkedParts(batch: BatchRow, action: CompleteDocumentAction): { parts: BatchPart[]; companyNo: number; group: DocumentKind } {
  if (action.parts.length === 0) throw creationFailed('pages')
  if (action.client_no === undefined) throw creationFailed('client')
  if (action.document_group === undefined) throw creationFailed('group')
  const parts = action.parts.map((id) => {
    const part = batch.state.parts.find((candidate) => candidate.id === id)
    if (!part) throw creationFailed('partNotFound', { part: id })
    try {
      validPartName(part.name)
    } catch {
      throw creationFailed('name', { part: part.id })
    }
    if (part.pages.length === 0) throw creationFailed('emptyPart', { part: part.name })
    return part
  })
  return { parts, companyNo: action.client_no, group: action.document_group }
}

/** The stored files of the uploads the parts' pages come from. */
async function sourcesOf(app: Application, parts: readonly BatchPart[]): Promise<Map<number, SourceFile>> {
  const knex = app.get('knex')
  const sources = new Map<number, SourceFile>()
  for (const id of new Set(parts.flatMap((part) => part.pages.map((page) => page.document_id)))) {
    const file = await loadDocumentFile(knex, id)
    if (file) sources.set(id, { bytes: await documentStore(app).get(file.sha256), mime: file.mime, file_name: file.file_name })
  }
  return sources
}

/**
 * completeDocument: each chosen part becomes a document of the chosen group and company, made with pdf-lib, linked to
 * the original upload (kept unchanged for the audit) and queued for extraction. The batch is locked for everyone
 * else meanwhile. A part equal to an existing document (or to another part) refuses the whole completion with the
 * duplicate-document error, a part that cannot be made with 'Document Creation Failed'; then nothing was created and
 * the lock is lifted. A completion cannot be undone; the edits before it are forgotten.
 */
export async function completeEditorParts(props: CompleteEditorPartsProps): Promise<EditorBatch> {
  const { app, documentId, action } = props
  const knex = app.get('knex')
  const store = documentStore(app)
  const userId = await userIdOf(knex, props.user?.keycloakId)
  await ensureBatch(app, documentId)
  // Lock the batch (a transaction of its own, so the other clerks see the lock while the files are made).
  const { parts, companyNo, group } = await knex.transaction(async (trx) => {
    const batch = (await loadBatch(trx, documentId, true)) as BatchRow
    if (lockedByOther(batch, userId)) throw batchLocked(await userNameOf(trx, batch.locked_by as string))
    if (action.version !== undefined && action.version !== batch.version) throw staleBatch(documentId)
    const checked = checkedParts(batch, action)
    if (props.user) authorize(props.user, 'document-editor', 'patch', { companyNo: checked.companyNo })
    await saveBatch(trx, documentId, { locked_by: userId, locked_at: new Date() })
    return checked
  })
  app.service('document-editor').emit('patched', await editorBatchView(app, (await loadBatch(knex, documentId)) as BatchRow))
  const stored: string[] = []
  try {
    const sources = await sourcesOf(app, parts)
    const files: { part: BatchPart; sha256: string; size: number }[] = []
    let built: Uint8Array[]
    try {
      // In a file thread: drawing scan pages and pdf-lib's PNG work would stall the server for seconds.
      built = await buildPartPdfsInThread(parts.map((part) => part.pages), sources)
    } catch (error) {
      const page = error instanceof PageBuildError ? error.page : parts[0].pages[0]
      const part = parts.find((candidate) => candidate.pages.some((p) => p.document_id === page.document_id && p.page === page.page)) ?? parts[0]
      throw creationFailed('file', { part: part.name, page: page.page, file: sources.get(page.document_id)?.file_name ?? String(page.document_id) })
    }
    for (const [index, part] of parts.entries()) {
      const put = await store.put(built[index])
      stored.push(put.sha256)
      const twin = files.find((file) => file.sha256 === put.sha256)
      if (twin) throw duplicateParts(part.name, twin.part.name)
      files.push({ part, ...put })
    }
    const created = await knex.transaction(async (trx) => {
      const rows: DocumentRow[] = []
      for (const file of files) {
        await lockFileHash(trx, file.sha256)
        const existing = await liveDocumentWithHash(trx, companyNo, file.sha256)
        if (existing !== undefined) throw duplicatePart(file.part.name, existing)
        const row = await insertDocument(trx, {
          company_no: companyNo,
          document_type: group,
          sha256: file.sha256,
          file_name: storedFileName(`${validPartName(file.part.name)}.pdf`),
          mime: MimeType.pdf,
          file_kind: FileKind.pdf,
          pages: file.part.pages.length,
          size: file.size,
          created_by: userId,
          editor_original_id: documentId,
        })
        const payload: ExtractJobPayload = { documentId: row.id, typeFixed: true }
        const jobId = await enqueueJob(trx, EXTRACT_JOB, payload, { maxAttempts: 3 })
        rows.push((await updateDocument(trx, row.id, { job_id: jobId })) ?? row)
      }
      const batch = (await loadBatch(trx, documentId, true)) as BatchRow
      const done = new Set(parts.map((part) => part.id))
      const state = { ...batch.state, parts: batch.state.parts.filter((part) => !done.has(part.id)) }
      const completed = [...batch.completed, ...files.map((file, index) => ({ name: file.part.name, document_id: rows[index].id, pages: file.part.pages.length }))]
      const saved = await saveBatch(trx, documentId, { state, completed, touched: true, locked_by: null, locked_at: null })
      await clearEdits(trx, documentId)
      const original = state.parts.length === 0 ? await updateDocument(trx, documentId, { is_processed_documents_accumulator: trx.fn.now() }) : undefined
      return { rows, saved, original }
    })
    for (const row of created.rows) emitDocumentEvent(app, 'created', row)
    if (created.original) emitDocumentEvent(app, 'patched', created.original)
    app.get('workers')?.wake()
    // The service's own 'patched' event carries the batch after completion (the answer of patch).
    return editorBatchView(app, created.saved)
  } catch (error) {
    // Nothing was created: the lock goes, and files no row uses go too.
    const unlocked = await saveBatch(knex, documentId, { locked_by: null, locked_at: null })
    app.service('document-editor').emit('patched', await editorBatchView(app, unlocked))
    for (const sha256 of stored) await removeUnreferencedFile(knex, store, sha256).catch(() => undefined)
    throw error
  }
}
