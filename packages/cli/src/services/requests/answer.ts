import { stat } from 'node:fs/promises'
import { basename, resolve } from 'node:path'
import { DEFAULT_UPLOAD_TYPE, type UploadType } from '@portal/sdk/domain'
import type { DocumentRequestPatch, DocumentRequestRecord } from '@portal/sdk/services'
import type { CommandContext } from '../../context'
import { CliError } from '../../errors'
import { withPortal } from '../session/with-portal'
import { freshSession } from '../session/fresh-tokens'
import { sendFile } from '../upload/upload-api'

/** The options of `portal requests answer`: one of text, file (uploaded to the request's company) or document. */
export interface AnswerRequestOptions {
  text?: string
  file?: string
  type?: UploadType
  document?: number
}

/** Answers a request; with --file the file is uploaded to the request's company first and its document is the answer. */
export async function answerRequest(ctx: CommandContext, id: number, options: AnswerRequestOptions): Promise<void> {
  if (options.text === undefined && options.file === undefined && options.document === undefined) throw new CliError('requests:cli.answerMissing')
  const record: DocumentRequestRecord = await withPortal(ctx, async (client) => {
    const service = client.service('document-requests')
    const data: DocumentRequestPatch = {}
    if (options.text !== undefined) data.answer = options.text
    if (options.document !== undefined) data.document_id = options.document
    if (options.file !== undefined) {
      const [request] = (await service.find({ query: { id } })).data
      // Unknown or foreign: the server's own refusal says so without telling which.
      if (!request) return service.patch(id, { answer: options.text ?? '-' })
      const path = resolve(options.file)
      const size = (await stat(path)).size
      const token = (await freshSession(ctx)).idToken
      const result = await sendFile({ server: ctx.server, token, client: request.company_no, type: options.type ?? DEFAULT_UPLOAD_TYPE }, { path, label: options.file, size }, basename(path), () => undefined)
      if (result.documentId === undefined) throw new CliError('requests:cli.uploadFailed', { file: options.file, reason: result.error ? ctx.t(result.error.key, result.error.params) : result.status })
      data.document_id = result.documentId
    }
    return service.patch(id, data)
  })
  if (ctx.json) {
    ctx.printJson(record)
    return
  }
  ctx.status(ctx.t('requests:cli.answered', { id: record.id }))
}
