import type { Context, Next } from 'koa'
import { BadRequest } from '@feathersjs/errors'
import { createError, errorData, errorTypeKey } from '@portal/sdk/errors'
import { importFileRules, isImportFileService, type ImportFileService } from '@portal/sdk/services'
import type { Application } from '../../declarations'
import { answerError } from '../../documents/http-errors'
import { drainRequest } from '../../documents/multipart'
import { authorizeMethod } from '../../policies/index'
import type { ImportFileParams } from '../../services/shared/import-content'
import { bearerUser } from '../bearer'
import { importFileTooLarge, receiveImportFile } from './receive-import-file'

const PATH = /^\/api\/import-files\/([^/]+)$/

/** Room for the `data` field and the multipart framing beside the file. */
const FORM_OVERHEAD_BYTES = 128 * 1024

/** A service's create as the door calls it: the data without the file, the file in params. */
interface ImportCreate {
  create(data: Record<string, unknown>, params: ImportFileParams): Promise<unknown>
}

function badData(rule: string, field = 'data'): BadRequest {
  return new BadRequest(`The form field "data" must be a JSON object of the import's fields (${rule})`, errorData('errors:importFile.badData', { field, rule }))
}

/** The create fields of the `data` form field: a JSON object without the file's content. */
function createData(text: string | undefined): Record<string, unknown> {
  if (text === undefined) return {}
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    throw badData('json')
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw badData('object')
  if ('content' in value) {
    throw new BadRequest('The file was sent as the file part and in "content" as well', errorData('errors:importFile.contentTwice', { field: 'content', rule: 'fileOnce' }))
  }
  return value as Record<string, unknown>
}

/**
 * POST /api/import-files/:service: one import file (multipart `data` + `file`) handed to the service's own create as a
 * call from outside (provider set, the caller's user), so the guard validates the data with the SDK's schema and the
 * policy decides exactly as over the socket; the answer is the create's result (201) or its Feathers error. The
 * caller's session and right are checked before the body is read; the file is held once, never turned into base64.
 */
async function handleImportFile(app: Application, ctx: Context, service: ImportFileService): Promise<void> {
  const user = await bearerUser(app, ctx)
  authorizeMethod(user, service, 'create')
  const maxFileBytes = importFileRules[service].maxBytes
  const limits = { maxFileBytes, maxBodyBytes: maxFileBytes + FORM_OVERHEAD_BYTES }
  // A body declared too large is refused before a byte of it is read.
  if (Number(ctx.get('content-length')) > limits.maxBodyBytes) throw importFileTooLarge(maxFileBytes, undefined)
  const received = await receiveImportFile(ctx.req, limits)
  const data = createData(received.data)
  const nameField = importFileRules[service].fileNameField
  if (nameField && data[nameField] === undefined) data[nameField] = received.name
  const target = app.service(service) as unknown as ImportCreate
  const result = await target.create(data, { provider: 'rest', user, importFile: { name: received.name, bytes: received.bytes } })
  ctx.status = 201
  ctx.body = result
}

/** The import door (importFileHttpPaths in the SDK): files too large for a socket message reach their service here. */
export function importFileRoutes(app: Application) {
  return async (ctx: Context, next: Next): Promise<void> => {
    const match = PATH.exec(ctx.path)
    if (!match) return next()
    try {
      const service = match[1]
      if (ctx.method !== 'POST' || !isImportFileService(service)) throw createError('NotFound', errorTypeKey('NotFound'))
      await handleImportFile(app, ctx, service)
    } catch (error) {
      // Refused before the body was read (token, right, declared size): read it off without keeping it.
      drainRequest(ctx.req, ctx.res, 2 * FORM_OVERHEAD_BYTES + Math.max(...Object.values(importFileRules).map((rule) => rule.maxBytes)))
      answerError(ctx, error, app.get('logger'))
    }
  }
}
