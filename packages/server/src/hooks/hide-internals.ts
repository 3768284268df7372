import { FeathersError } from '@feathersjs/errors'
import type { HookContext, NextFunction } from '@feathersjs/feathers'
import { createError, errorDataOf } from '@portal/sdk/errors'
import type { Logger } from '../logger'

/**
 * The answer a caller may see for an error: a Feathers error under 500, or one the server raised on purpose with an
 * i18n key, passes unchanged; anything else (a database error with SQL in its message, a TypeError with a stack) is
 * logged and replaced by a plain GeneralError, because what the server does internally is not shown (SPEC §1).
 */
export function publicError(error: unknown, logger: Logger | undefined, where: Record<string, unknown>): FeathersError {
  if (error instanceof FeathersError && (error.code < 500 || errorDataOf(error))) return error
  logger?.error({ err: error, ...where }, 'request failed')
  return createError('GeneralError', 'errors:type.GeneralError')
}

/**
 * App-wide around hook, outermost: external calls of every service (authentication too) answer only public errors,
 * whatever NODE_ENV is (the socket transport adds the stack of a plain Error outside production). Internal calls
 * keep the original error for the server code that made them.
 */
export function hideInternals() {
  return async (context: HookContext, next: NextFunction): Promise<void> => {
    try {
      await next()
    } catch (error) {
      if (!context.params.provider) throw error
      const logger = (context.app as { get(name: 'logger'): Logger | undefined }).get('logger')
      throw publicError(error, logger, { path: context.path, method: context.method })
    }
  }
}
