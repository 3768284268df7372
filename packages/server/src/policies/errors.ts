import { BadRequest, Forbidden, NotAuthenticated } from '@feathersjs/errors'

/** i18n keys (namespace errors) the policy and the validators put into error data. */
export const policyErrorKeys = {
  notAuthenticated: 'errors:access.notAuthenticated',
  forbidden: 'errors:access.forbidden',
} as const

/** Refusal for a call without a session. */
export function notAuthenticated(): NotAuthenticated {
  return new NotAuthenticated('Not authenticated', { key: policyErrorKeys.notAuthenticated, params: {} })
}

/**
 * Refusal for a call without the right or the company. One message for every case, so the answer never
 * tells whether the record exists.
 */
export function forbidden(): Forbidden {
  return new Forbidden('You lack permission for this action', { key: policyErrorKeys.forbidden, params: {} })
}

/** A BadRequest that names the field and the rule, with an i18n key and its parameters in data. */
export function badRequest(message: string, key: string, params: Record<string, unknown>): BadRequest {
  return new BadRequest(message, { key, params })
}
