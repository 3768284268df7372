import { refusal, ruleFor, type AbilityTarget } from '@portal/sdk/services'
import type { SessionUser } from '@portal/sdk/services'
import { forbidden, notAuthenticated } from './errors'

/**
 * The one place that decides a call: throws NotAuthenticated without a session and Forbidden without the
 * right or the company, from the SDK's ability table (so web, CLI and server agree).
 */
export function authorize(
  user: SessionUser | null | undefined,
  path: string,
  method: string,
  target: AbilityTarget = {},
): void {
  const why = refusal(user, path, method, target)
  if (why === 'unauthenticated') throw notAuthenticated()
  if (why === 'forbidden') throw forbidden()
}

/**
 * The check before a call's record or company is known: session, and the permission unless the rule lets
 * users act on their own record without it (decided later, once the record is loaded).
 */
export function authorizeMethod(user: SessionUser | null | undefined, path: string, method: string): void {
  const rule = ruleFor(path, method)
  if (rule?.own) {
    authorize(user, path, method, { own: true, fields: [] })
    return
  }
  authorize(user, path, method)
}
