import type { TokenEndpointResponse } from 'openid-client'

/** Tokens of a sign-in: the identity token is what the portal's backend session is created with. */
export interface OidcTokens {
  idToken: string
  accessToken: string
  refreshToken: string | undefined
  /** Epoch milliseconds when the access token expires. */
  expiresAt: number
}

/** Raised when the provider answered without an identity token. */
export class MissingIdTokenError extends Error {
  override name = 'MissingIdTokenError'
  readonly key = 'errors:login.notAuthenticated'
  constructor() {
    super('Not authenticated')
  }
}

/** Our token shape from a token endpoint answer. */
export function toTokens(response: TokenEndpointResponse, now: number = Date.now()): OidcTokens {
  if (!response.id_token) throw new MissingIdTokenError()
  return {
    idToken: response.id_token,
    accessToken: response.access_token,
    refreshToken: response.refresh_token,
    expiresAt: now + (response.expires_in ?? 60) * 1000,
  }
}
