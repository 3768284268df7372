import { FeathersError } from '@feathersjs/errors'
import { createError, errorNameForCode, errorTypeKey } from '@portal/sdk/errors'
import type { Context, Next } from 'koa'
import type { Logger } from '../logger'
import { publicError } from '../hooks/hide-internals'

/** The 4xx status of an error from Koa or a Koa middleware (http-errors: body parser, static files), if any. */
function clientStatus(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null) return undefined
  const { status, statusCode, expose } = error as { status?: unknown; statusCode?: unknown; expose?: unknown }
  const code = typeof status === 'number' ? status : statusCode
  return typeof code === 'number' && code >= 400 && code < 500 && expose !== false ? code : undefined
}

/** A Feathers error for a 4xx from Koa: the catalogue's type when it has one, its generic text, never the cause's. */
function clientError(status: number): FeathersError {
  const name = errorNameForCode(status)
  if (name) return createError(name, errorTypeKey(name))
  // e.g. 413 or 415: keep the status, explain it as a bad request.
  const error = createError('BadRequest', errorTypeKey('BadRequest'))
  return new FeathersError(error.message, 'BadRequest', status, 'bad-request', error.data)
}

/**
 * The last-resort error answer of every HTTP request (replaces @feathersjs/koa's errorHandler, which answers a
 * plain Error with its message, SQL included): Feathers errors under 500 and 4xx errors of Koa middleware keep their
 * status with a generic text; everything else is logged and answered as a plain GeneralError with an i18n key.
 * A request nothing answered is a 404 that does not repeat the path.
 */
export function errorAnswers(logger: Logger) {
  return async (ctx: Context, next: Next): Promise<void> => {
    try {
      await next()
      if (ctx.body === undefined) throw createError('NotFound', errorTypeKey('NotFound'))
    } catch (caught) {
      const status = caught instanceof FeathersError ? undefined : clientStatus(caught)
      const error = status ? clientError(status) : publicError(caught, logger, { method: ctx.method, path: ctx.path })
      // A response already on its way (a download that failed midway) can only be cut off.
      if (ctx.headerSent) return
      // The answer is an error, not the file a failing middleware meant to send.
      ctx.remove('content-disposition')
      ctx.status = error.code
      ctx.body = error.toJSON()
    }
  }
}
