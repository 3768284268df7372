import { FeathersError, GeneralError } from '@feathersjs/errors'
import { errorData } from '@portal/sdk/errors'
import type { Context } from 'koa'
import type { Logger } from '../logger'

/** 413: the request body (or its number of files) is over a limit; Feathers has no class for it. */
export class PayloadTooLarge extends FeathersError {
  constructor(message: string, data: { key: string; params: Record<string, unknown> }) {
    super(message, 'PayloadTooLarge', 413, 'payload-too-large', data)
    this.name = 'PayloadTooLarge'
  }
}

/**
 * Answers an error of the document endpoints: a 4xx Feathers error as it is (name, message, i18n key and
 * parameters, never a stack); anything else is logged here and answered as a bare 500, so no SQL, stack or
 * path ever leaves the server.
 */
export function answerError(ctx: Context, error: unknown, logger: Logger): void {
  // Duck-typed: a Feathers error from another copy of the package is still one.
  const known = error as Partial<FeathersError> | null
  if (typeof known?.code === 'number' && known.code >= 400 && known.code < 500 && typeof known.toJSON === 'function') {
    ctx.status = known.code
    ctx.body = known.toJSON()
    return
  }
  logger.error({ err: error, method: ctx.method, path: ctx.path }, 'document endpoint failed')
  const general = new GeneralError('An error occurred on the server', errorData('errors:type.GeneralError'))
  ctx.status = 500
  ctx.body = general.toJSON()
}
