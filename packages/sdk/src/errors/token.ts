import { asErrorLike } from './data'

/** Lowest and highest code that clears the stored token (§8: 401 to 407). */
export const TOKEN_CLEARING_CODES = { min: 401, max: 407 } as const

/** True when an error means the stored access token must be dropped (codes 401 to 407). */
export function clearsToken(error: unknown): boolean {
  const code = asErrorLike(error)?.code
  return typeof code === 'number' && code >= TOKEN_CLEARING_CODES.min && code <= TOKEN_CLEARING_CODES.max
}
