import type { Context, Middleware, Next } from 'koa'
import type { Application } from '../declarations'
import { attachmentDisposition } from '../documents/content-disposition'
import { answerError } from '../documents/http-errors'
import { boundedInteger, MAX_ID } from '../documents/http-params'
import { companyOfRun, runFile } from '../models/payment-runs'
import { NO_COMPANY } from '../models/documents/read'
import { authorize } from '../policies/index'
import { bearerUser } from './bearer'
import { paymentConflict } from '../commands/approvals/refuse'

const FILE_PATH = /^\/api\/payment-runs\/([^/]+)\/file$/

/** GET /api/payment-runs/:id/file (paymentRunHttpPaths.file): the run's pain.001 as kept, decided like payment-runs.get. */
async function sendRunFile(app: Application, ctx: Context, rawId: string): Promise<void> {
  const user = await bearerUser(app, ctx)
  const id = boundedInteger(rawId, 'id', 1, MAX_ID)
  // A missing run is refused exactly like a foreign one.
  authorize(user, 'payment-runs', 'get', { companyNo: (await companyOfRun(app.get('knex'), id)) ?? NO_COMPANY })
  const file = await runFile(app.get('knex'), id)
  if (!file) return
  // Four eyes: a run the company wants released goes to no bank before the second person released it.
  if (file.awaitingRelease) throw paymentConflict('runs', 'notReleased', { status: 'created' })
  ctx.type = 'application/xml; charset=utf-8'
  ctx.length = file.bytes.byteLength
  ctx.set('content-disposition', attachmentDisposition(file.name))
  ctx.set('x-content-type-options', 'nosniff')
  ctx.set('cache-control', 'private, no-store')
  ctx.body = file.bytes
}

/** The HTTP door of the payment runs: the pain.001 file download. */
export function paymentRunRoutes(app: Application): Middleware {
  return async (ctx: Context, next: Next): Promise<void> => {
    const match = ctx.method === 'GET' ? FILE_PATH.exec(ctx.path) : null
    if (!match?.[1]) return next()
    try {
      await sendRunFile(app, ctx, match[1])
    } catch (error) {
      answerError(ctx, error, app.get('logger'))
    }
  }
}
