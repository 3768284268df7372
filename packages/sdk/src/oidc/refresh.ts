import { refreshTokenGrant, ResponseBodyError, type Configuration } from 'openid-client'
import { toTokens, type OidcTokens } from './tokens'

/** The provider refused the refresh token (HTTP 400, e.g. invalid_grant): the stored tokens must be cleared (§4). */
export class RefreshRejectedError extends Error {
  override name = 'RefreshRejectedError'
  readonly key = 'idp:flow.refreshFailed'
  constructor(readonly error: string) {
    super(`The sign-in could not be renewed (${error})`)
  }
}

/** New tokens for a refresh token; RefreshRejectedError when the provider answers 400 (clear the tokens then). */
export async function refreshTokens(config: Configuration, refreshToken: string): Promise<OidcTokens> {
  try {
    return toTokens(await refreshTokenGrant(config, refreshToken))
  } catch (error) {
    if (error instanceof ResponseBodyError && error.status === 400) throw new RefreshRejectedError(error.error)
    throw error
  }
}
