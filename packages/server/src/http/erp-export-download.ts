import type { Context, Middleware, Next } from 'koa'
import type { Application } from '../declarations'
import { downloadExportBatch } from '../commands/downloadExportBatch'
import { attachmentDisposition } from '../documents/content-disposition'
import { answerError } from '../documents/http-errors'
import { boundedInteger, MAX_ID } from '../documents/http-params'
import { companyOfErpBatch } from '../models/erp-exports'
import { NO_COMPANY } from '../models/documents/read'
import { authorize } from '../policies/index'
import { bearerUser } from './bearer'

const DOWNLOAD_PATH = /^\/api\/erp-exports\/([^/]+)\/download$/

/** GET /api/erp-exports/:id/download (erpExportHttpPaths.download): a kept batch's ZIP, decided like erp-exports.get. */
async function sendBatch(app: Application, ctx: Context, rawId: string): Promise<void> {
  const user = await bearerUser(app, ctx)
  const id = boundedInteger(rawId, 'id', 1, MAX_ID)
  // A missing batch is refused exactly like a foreign one.
  authorize(user, 'erp-exports', 'get', { companyNo: (await companyOfErpBatch(app.get('knex'), id)) ?? NO_COMPANY })
  const zip = await downloadExportBatch({ app, batchId: id })
  ctx.type = 'application/zip'
  ctx.length = zip.bytes.byteLength
  ctx.set('content-disposition', attachmentDisposition(zip.name))
  ctx.set('x-content-type-options', 'nosniff')
  ctx.set('cache-control', 'private, no-store')
  ctx.body = Buffer.from(zip.bytes.buffer, zip.bytes.byteOffset, zip.bytes.byteLength)
}

/** The HTTP door of the ERP export: the batch ZIP download. */
export function erpExportRoutes(app: Application): Middleware {
  return async (ctx: Context, next: Next): Promise<void> => {
    const match = ctx.method === 'GET' ? DOWNLOAD_PATH.exec(ctx.path) : null
    if (!match?.[1]) return next()
    try {
      await sendBatch(app, ctx, match[1])
    } catch (error) {
      answerError(ctx, error, app.get('logger'))
    }
  }
}
