import type { Configuration } from 'openid-client'

/** A form the browser should POST to end the session at the provider (RP-initiated logout, §7). */
export interface LogoutForm {
  url: string
  fields: Record<string, string>
}

/** Options of logoutForm. */
export interface LogoutOptions {
  idTokenHint?: string
  postLogoutRedirectUri: string
}

/** Raised when the provider has no end-session endpoint. */
export class LogoutNotSupportedError extends Error {
  override name = 'LogoutNotSupportedError'
  readonly key = 'errors:login.notSupported'
  constructor() {
    super('Not supported by the OIDC server')
  }
}

/** What to POST for logout: end_session_endpoint with id_token_hint, client_id and post_logout_redirect_uri. */
export function logoutForm(config: Configuration, options: LogoutOptions): LogoutForm {
  const url = config.serverMetadata().end_session_endpoint
  if (!url) throw new LogoutNotSupportedError()
  const fields: Record<string, string> = {
    client_id: config.clientMetadata().client_id,
    post_logout_redirect_uri: options.postLogoutRedirectUri,
  }
  if (options.idTokenHint) fields.id_token_hint = options.idTokenHint
  return { url, fields }
}
