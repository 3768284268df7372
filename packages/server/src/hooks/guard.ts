import type { HookContext, NextFunction } from '@feathersjs/feathers'
import { Type, type TSchema } from '@feathersjs/typebox'
import type { AbilityTarget, SessionUser } from '@portal/sdk/services'
import { authorize, authorizeMethod, badRequest } from '../policies/index'
import { assertStorableText } from './text-rule'
import { assertValid } from './validate'

/** Params of portal service calls: the session user (set by authentication) and the companies a find may see. */
export interface PortalParams {
  provider?: string
  user?: SessionUser
  query?: Record<string, unknown>
  /** The caller's companies; finds are narrowed to them. Unset for internal calls (all companies). */
  companies?: number[]
}

/** What the guard of one service checks. */
export interface GuardOptions {
  /** Query schema of find (other methods take no query). */
  query?: TSchema
  /** Data schema of create. */
  data?: TSchema
  /** Data schema of patch. */
  patch?: TSchema
  /** Facts the policy needs once the input is valid: the company the call concerns, or whether the record is the caller's own. */
  target?: (context: HookContext) => Promise<AbilityTarget> | AbilityTarget
}

const noQuery = Type.Object({}, { additionalProperties: false })

/** An integer record id from a socket call (ids arrive as numbers or numeric strings). */
export function integerId(id: unknown): number {
  const value = typeof id === 'string' && /^\d{1,10}$/.test(id) ? Number(id) : id
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1 || value > 2147483647) {
    throw badRequest('Field "id" must be a positive whole number', 'errors:query.wrongType', {
      field: 'id',
      kind: 'positiveWholeNumber',
    })
  }
  return value
}

/**
 * The hook every service runs first: session and permission, then input validation, then the company or
 * own-record check, all decided by the policy module. Internal calls (no provider) are trusted server code.
 */
export function guard(options: GuardOptions = {}) {
  return async (context: HookContext, next: NextFunction): Promise<void> => {
    const params = context.params as PortalParams
    if (params.provider) {
      const user = params.user ?? null
      authorizeMethod(user, context.path, context.method)
      assertStorableText(context.id, 'id')
      assertStorableText(params.query, 'query')
      assertStorableText(context.data, 'data')
      assertValid(context.method === 'find' ? (options.query ?? noQuery) : noQuery, params.query ?? {}, 'query')
      if (context.method === 'create' && options.data) assertValid(options.data, context.data, 'data')
      if ((context.method === 'patch' || context.method === 'update') && options.patch) {
        assertValid(options.patch, context.data, 'data')
      }
      const target = options.target ? await options.target(context) : {}
      authorize(user, context.path, context.method, target)
      if (user) params.companies = [...user.klienten_array]
    }
    await next()
  }
}
