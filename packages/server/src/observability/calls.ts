import type { HookContext, NextFunction } from '@feathersjs/feathers'
import type { Logger } from '../logger'
import { observe } from './metrics'
import { currentRequestId, newRequestId, withRequestId } from './request-context'

/** The outcome a call is counted under: 'ok', or the Feathers error code it answered (500 for anything else). */
function outcomeOf(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code
  return typeof code === 'number' ? String(code) : '500'
}

/**
 * App-wide around hook, outermost: an external call (over the socket, where no HTTP request gave it an id) gets a
 * request id that follows it through its commands and the jobs it queues; each external call is measured and logged
 * in one line (service, method, outcome, ms: never its data, query or user). Internal calls run inside their caller's.
 */
export function observeCalls() {
  return async (context: HookContext, next: NextFunction): Promise<void> => {
    if (!context.params.provider) return next()
    const logger = (context.app as { get(name: 'logger'): Logger | undefined }).get('logger')
    const run = async () => {
      const started = performance.now()
      let outcome = 'ok'
      try {
        await next()
      } catch (error) {
        outcome = outcomeOf(error)
        throw error
      } finally {
        const seconds = (performance.now() - started) / 1000
        observe.serviceCall(context.path, context.method, outcome, seconds)
        logger?.info({ service: context.path, method: context.method, outcome, ms: Math.round(seconds * 10_000) / 10 }, 'call')
      }
    }
    return currentRequestId() ? run() : withRequestId(newRequestId(), run)
  }
}
