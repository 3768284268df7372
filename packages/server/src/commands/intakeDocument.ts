import { DEFAULT_DOCUMENT_KIND, isUploadType, mimeOfFileKind, UPLOAD_TYPE_KIND, type DocumentKind, type FileKind, type UploadType } from '@portal/sdk/domain'
import type { SessionUser } from '@portal/sdk/services'
import { errorData } from '@portal/sdk/errors'
import { authorize, hiddenDocumentKinds } from '../policies/index'
import type { Application } from '../declarations'
import { enqueueJob } from '../jobs/queue'
import { EXTRACT_JOB, type ExtractJobPayload } from '../jobs/kinds'
import type { StagedFile } from '../documents/store'
import { documentStore } from '../documents/runtime'
import { storedFileName } from '../documents/file-name'
import { lockFileHash, removeUnreferencedFile } from '../documents/file-lock'
import { inspectInThread } from '../documents/file-thread/pool'
import { inspectionBudget } from '../documents/inspection-budget'
import { emitDocumentEvent, insertDocument, liveDocumentWithHashFor, updateDocument } from '../models/documents/index'
import { userIdOf } from '../models/users'

/** What became of one uploaded file. */
export type IntakeResult =
  | { file: string; status: 'uploaded'; documentId: number; sha256: string }
  | { file: string; status: 'exists'; documentId?: number; sha256: string; error: { key: string; params: Record<string, unknown>; message: string } }
  | { file: string; status: 'refused'; error: { key: string; params: Record<string, unknown>; message: string } }

/** Props of intakeDocument. */
export interface IntakeProps {
  app: Application
  user: SessionUser & { id?: string }
  companyNo: number
  fileName: string
  /** The file as streamed into the store's staging folder; intake adopts or removes it. */
  staged: StagedFile
  type?: UploadType
  /** A scan batch for the document editor (split there into one document per invoice) instead of one document. */
  inEditor?: boolean
  /** The client's note for the firm, checked by the upload door. */
  note?: string
}

/** The kind a document uploaded as `type` is stored as; without a type the pipeline decides incoming or outgoing later. */
function documentKindOf(type: UploadType | undefined): DocumentKind {
  return type !== undefined && isUploadType(type) ? UPLOAD_TYPE_KIND[type] : DEFAULT_DOCUMENT_KIND
}

/**
 * Takes one staged file into a company's documents: checks it (type by content, size, pages, pixels, no
 * XML DOCTYPE), refuses an identical file already there, puts it at its content address, then commits the
 * row and its extraction job together. The staged file never outlives the call; a file put in place whose
 * row then fails to commit is removed again unless another row uses the same content.
 */
export async function intakeDocument(props: IntakeProps): Promise<IntakeResult> {
  const { app, companyNo, fileName, staged } = props
  const store = documentStore(app)
  try {
    authorize(props.user, 'documents', 'create', { companyNo })
    const config = app.get('config')
    // One accepted file is read whole at a time per budget: parallel uploads wait instead of adding up.
    const inspection = await inspectionBudget(app).use(staged.size, async () => {
      // In a file thread: pdf.js parsing a large or broken PDF would otherwise stall every other request.
      // The thread reads the staged file itself: its bytes never pass through the main thread.
      return inspectInThread(staged.path, { maxBytes: config.maxUploadBytes, maxPages: 500, maxPixels: 100_000_000 })
    })
    if (!inspection.ok) {
      const params = { ...inspection.refusal.params, file: fileName }
      return { file: fileName, status: 'refused', error: { key: `documents:${inspection.refusal.key}`, params, message: inspection.refusal.key } }
    }
    const existing = await liveDocumentWithHashFor(app.get('knex'), companyNo, staged.sha256, hiddenDocumentKinds(props.user))
    if (existing !== undefined) return alreadyExists(fileName, existing.id, staged.sha256)
    return await commitDocument(props, inspection.kind, inspection.pages)
  } finally {
    // Gone already when adopted; otherwise nothing of it stays.
    await store.discard(staged)
  }
}

/**
 * Puts the staged file at its address and commits its row and job; removes the file again if the row fails. Called
 * directly only for files whose kind and pages are known without inspecting them (the demo seed's own PDFs).
 */
export async function commitDocument(props: IntakeProps, kind: FileKind, pages: number): Promise<IntakeResult> {
  const { app, user, companyNo, fileName, staged } = props
  const knex = app.get('knex')
  const store = documentStore(app)
  const { sha256 } = staged
  const createdBy = await userIdOf(knex, user.keycloakId)
  try {
    // A bucket's multipart upload happens before the transaction, so no connection or lock is held while it runs;
    // adopt then only checks, under the lock, that the object is (still) there.
    await store.prepare?.(staged)
    const document = await knex.transaction(async (trx) => {
      // The file is safe on disk before the row exists: a crash leaves a file without a row (swept at the
      // next start), never the reverse. The lock keeps a concurrent removal of the same content out.
      await lockFileHash(trx, sha256)
      await store.adopt(staged)
      const row = await insertDocument(trx, {
        company_no: companyNo,
        document_type: documentKindOf(props.type),
        sha256,
        file_name: storedFileName(fileName),
        mime: mimeOfFileKind(kind),
        file_kind: kind,
        pages,
        size: staged.size,
        created_by: createdBy,
        ...(props.inEditor ? { in_editor: true } : {}),
        ...(props.note ? { client_note: props.note } : {}),
      })
      const payload: ExtractJobPayload = { documentId: row.id, typeFixed: props.type !== undefined }
      const jobId = await enqueueJob(trx, EXTRACT_JOB, payload, { maxAttempts: 3 })
      return (await updateDocument(trx, row.id, { job_id: jobId })) ?? { ...row, job_id: jobId }
    })
    emitDocumentEvent(app, 'created', document)
    app.get('workers')?.wake()
    return { file: fileName, status: 'uploaded', documentId: document.id, sha256 }
  } catch (error) {
    // No row of ours: the file goes again, unless another row (another company, a concurrent upload) uses it.
    await removeUnreferencedFile(knex, store, sha256).catch((cleanup: unknown) => app.get('logger').error({ err: cleanup, sha256 }, 'could not remove the file of a failed upload'))
    // Two uploads of the same file at once: the unique index lets one win; the other gets the conflict.
    if ((error as { code?: string }).code === '23505') {
      const winner = await liveDocumentWithHashFor(knex, companyNo, sha256, hiddenDocumentKinds(props.user))
      if (winner !== undefined) return alreadyExists(fileName, winner.id, sha256)
    }
    throw error
  }
}

/** The 'Document already exists' (Conflict) answer, naming the existing document unless the caller may not see it. */
function alreadyExists(file: string, documentId: number | null, sha256: string): IntakeResult {
  const { key, params } = errorData('errors:document.alreadyExists', documentId === null ? { file } : { file, id: documentId })
  const error = { key, params, message: 'Document already exists' }
  return documentId === null ? { file, status: 'exists', sha256, error } : { file, status: 'exists', documentId, sha256, error }
}
