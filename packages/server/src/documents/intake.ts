import type { SessionUser } from '@portal/sdk/services'
import { errorData } from '@portal/sdk/errors'
import { authorize } from '../policies/index'
import type { Application } from '../declarations'
import { enqueueJob } from '../jobs/queue'
import { sha256Hex } from './store'
import { documentStore } from './runtime'
import { toDocumentRecord } from './record'
import { emitDocumentEvent } from './events'
import { EXTRACT_JOB, type ExtractJobPayload } from './extract-job'

/** Document types an upload may name; without one the pipeline decides incoming or outgoing. */
export const UPLOAD_TYPES = { er_u: 'ER', ar_u: 'AR', ka: 'KA', other: 'Other' } as const

/** The upload's `type` parameter. */
export type UploadType = keyof typeof UPLOAD_TYPES

/** What became of one uploaded file. */
export type IntakeResult =
  | { file: string; status: 'uploaded'; documentId: number; sha256: string }
  | { file: string; status: 'exists'; documentId: number; sha256: string; error: { key: string; params: Record<string, unknown>; message: string } }
  | { file: string; status: 'refused'; error: { key: string; params: Record<string, unknown>; message: string } }

/** Props of intakeDocument. */
export interface IntakeProps {
  app: Application
  user: SessionUser & { id?: string }
  companyNo: number
  fileName: string
  bytes: Uint8Array
  type?: UploadType
}

/**
 * Takes one file into a company's documents: checks it (type by content, size, pages, pixels), refuses an
 * identical file already there, stores it durably, then commits the row and its extraction job together.
 */
export async function intakeDocument(props: IntakeProps): Promise<IntakeResult> {
  const { app, user, companyNo, fileName, bytes } = props
  authorize(user, 'documents', 'create', { companyNo })
  const config = app.get('config')
  const knex = app.get('knex')
  // The PDF engine loads on first use, not at server start.
  const { inspectFile } = await import('../extraction/inspect')
  const inspection = await inspectFile(bytes, { maxBytes: config.maxUploadBytes, maxPages: 500, maxPixels: 100_000_000 })
  if (!inspection.ok) {
    const params = { ...inspection.refusal.params, file: fileName }
    return { file: fileName, status: 'refused', error: { key: `documents:${inspection.refusal.key}`, params, message: inspection.refusal.key } }
  }
  await inspection.pdf?.destroy()
  const sha256 = sha256Hex(bytes)
  const existing = await knex('documents').where({ company_no: companyNo, sha256 }).whereNull('deleted_at').first('id')
  if (existing) return alreadyExists(fileName, existing.id, sha256)

  // The file is safe on disk before the row exists: a crash leaves a file without a row, never the reverse.
  await documentStore(app).put(bytes)
  const userRow = await knex('users').where({ keycloak_id: user.keycloakId }).first('id')
  try {
    const document = await knex.transaction(async (trx) => {
      const [row] = await trx('documents')
        .insert({
          company_no: companyNo,
          document_type: props.type ? UPLOAD_TYPES[props.type] : 'ER',
          sha256,
          file_name: fileName.slice(0, 255),
          mime: mimeOf(inspection.kind),
          file_kind: inspection.kind,
          pages: inspection.pages,
          size: bytes.byteLength,
          created_by: userRow?.id ?? null,
          processing_state: 'queued',
        })
        .returning('*')
      const payload: ExtractJobPayload = { documentId: row.id, typeFixed: props.type !== undefined }
      const jobId = await enqueueJob(trx, EXTRACT_JOB, payload, { maxAttempts: 3 })
      await trx('documents').where({ id: row.id }).update({ job_id: jobId })
      return { ...row, job_id: jobId }
    })
    emitDocumentEvent(app, 'created', toDocumentRecord(document))
    app.get('workers')?.wake()
    return { file: fileName, status: 'uploaded', documentId: document.id, sha256 }
  } catch (error) {
    // Two uploads of the same file at once: the unique index lets one win; the other gets the conflict.
    if ((error as { code?: string }).code === '23505') {
      const winner = await knex('documents').where({ company_no: companyNo, sha256 }).whereNull('deleted_at').first('id')
      if (winner) return alreadyExists(fileName, winner.id, sha256)
    }
    throw error
  }
}

/** The 'Document already exists' (Conflict) answer, naming the existing document. */
function alreadyExists(file: string, documentId: number, sha256: string): IntakeResult {
  const { key, params } = errorData('errors:document.alreadyExists', { file, id: documentId })
  return { file, status: 'exists', documentId, sha256, error: { key, params, message: 'Document already exists' } }
}

function mimeOf(kind: string): string {
  switch (kind) {
    case 'pdf':
      return 'application/pdf'
    case 'jpeg':
      return 'image/jpeg'
    case 'png':
      return 'image/png'
    case 'tiff':
      return 'image/tiff'
    default:
      return 'application/xml'
  }
}
