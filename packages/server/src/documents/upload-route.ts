import type { Context } from 'koa'
import { BadRequest } from '@feathersjs/errors'
import { errorData } from '@portal/sdk/errors'
import { kindPermissions, UPLOAD_TYPE_KIND, type UploadType } from '@portal/sdk/domain'
import type { SessionUser, UploadResponse } from '@portal/sdk/services'
import type { Application } from '../declarations'
import { authorize } from '../policies/index'
import { companyParam, editorParam, noteParam, typeParam } from './http-params'
import { intakeDocument } from '../commands/intakeDocument'
import { bodyTooLarge, drainRequest, receiveUpload, type ReceivedFile } from './multipart'
import { documentStore } from './runtime'

/**
 * POST /api/documents/upload?client=&type=: every part of field `files` streamed to disk (never held whole),
 * then taken in one at a time. Request-level limits refuse the whole request; a file over MAX_UPLOAD_MB is
 * refused alone, by name, in the answer's results.
 */
export async function handleUpload(app: Application, ctx: Context, signedIn: () => Promise<SessionUser>): Promise<void> {
  await receiveAndTakeIn(app, ctx, async () => {
    const user = await signedIn()
    const companyNo = companyParam(ctx)
    const type = typeParam(ctx)
    // An upload as an outgoing invoice asks what such a document asks of everyone who sees it (lar).
    authorize(user, 'documents', 'create', { companyNo, recordRequires: type ? kindPermissions(UPLOAD_TYPE_KIND[type]) : [] })
    // ?editor=1: a scan batch for the document editor, which needs ded as well.
    const inEditor = editorParam(ctx)
    if (inEditor) authorize(user, 'document-editor', 'patch', { companyNo })
    return { user, companyNo, type, inEditor, note: noteParam(ctx) }
  })
}

/** Who uploads to which company (and as which type): a person by their sign-in, or a scanner by its token. */
export interface Uploader {
  user: SessionUser
  companyNo: number
  type?: UploadType
  /** Take the files into the document editor (scan batches to split). */
  inEditor?: boolean
  /** The client's note for the firm, stored with each file (`?note=`). */
  note?: string
}

/**
 * The upload door's body: `uploader` signs the caller in and names the company (refusing before a byte of the body is
 * kept), then every file is streamed in and taken in with intakeDocument. Shared by the document upload and the
 * scanner upload (intake/scanner-http.ts), so both check and refuse alike.
 */
export async function receiveAndTakeIn(app: Application, ctx: Context, uploader: () => Promise<Uploader>): Promise<UploadResponse> {
  const config = app.get('config')
  const limits = { maxFileBytes: config.maxUploadBytes, maxFiles: config.maxUploadFiles, maxBodyBytes: config.maxUploadRequestBytes }
  let received: ReceivedFile[]
  try {
    const { user, companyNo, type, inEditor, note } = await uploader()
    // A body declared too large is refused before a byte of it is read.
    if (Number(ctx.get('content-length')) > limits.maxBodyBytes) throw bodyTooLarge(limits.maxBodyBytes)
    received = await receiveUpload(ctx.req, documentStore(app), limits)
    const results: UploadResponse['results'] = []
    const store = documentStore(app)
    try {
      if (received.length === 0) throw new BadRequest('No files in the upload (multipart field "files")', errorData('documents:upload.noFiles'))
      for (const [index, file] of received.entries()) {
        if (!file.staged) {
          results.push({ file: file.name, status: 'refused', error: { key: 'documents:refusal.tooLarge', params: { file: file.name, max: limits.maxFileBytes }, message: 'refusal.tooLarge' } })
          continue
        }
        const staged = file.staged
        // Taken off the list first: intake owns (and always removes) the staged file from here on.
        received[index] = { ...file, staged: null }
        results.push(await intakeDocument({ app, user, companyNo, fileName: file.name, staged, type, inEditor, note }))
      }
    } finally {
      // Files not taken in (a failure part-way) do not stay in the staging folder.
      await Promise.allSettled(received.map((file) => (file.staged ? store.discard(file.staged) : undefined)))
    }
    ctx.body = { results } satisfies UploadResponse
    return { results }
  } catch (error) {
    // Refused before the body was read (token, company, type, declared size): read it off without keeping it
    // (no-op when it was read already).
    drainRequest(ctx.req, ctx.res, limits.maxBodyBytes)
    throw error
  }
}
