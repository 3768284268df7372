import { PKCE } from '../domain/constants'

/** Login options as the portal configures its identity client (SPEC §5, §7). */
export interface LoginOptions {
  /** Base URL of the identity provider, e.g. http://localhost:3030 (the realm path is added). */
  url: string
  realm: string
  clientId: string
  responseMode?: string
  flow?: string
  pkceMethod?: string | false
  onLoad?: string
}

/** Validated login options with defaults applied. */
export interface ValidLoginOptions {
  issuer: string
  clientId: string
  responseMode: 'query' | 'fragment'
  flow: 'standard'
  pkceMethod: 'S256'
  onLoad: 'check-sso' | 'login-required'
}

/** Raised for a login option the portal cannot work with; `key` is the i18n key of the message (§8). */
export class LoginOptionsError extends Error {
  override name = 'LoginOptionsError'
  constructor(
    readonly key: string,
    message: string,
  ) {
    super(message)
  }
}

/**
 * Checks the login options (§5): responseMode query|fragment, flow standard (implicit and hybrid exist in the
 * specification but the portal only runs the code flow), pkceMethod S256, onLoad check-sso|login-required,
 * clientId and realm required. The messages are those of §8; `key` names them in the i18n catalogues.
 */
export function validateLoginOptions(options: LoginOptions): ValidLoginOptions {
  const responseMode = options.responseMode ?? PKCE.responseMode
  if (responseMode !== 'query' && responseMode !== 'fragment') {
    throw new LoginOptionsError('errors:login.invalidResponseMode', 'Invalid value for responseMode')
  }
  const flow = options.flow ?? PKCE.flow
  if (flow !== 'standard') {
    // implicit and hybrid are valid values in §5, but the portal supports only the code flow: say so.
    const known = flow === 'implicit' || flow === 'hybrid'
    throw new LoginOptionsError(
      known ? 'errors:login.notSupported' : 'errors:login.invalidFlow',
      known ? 'Not supported by the OIDC server' : 'Invalid value for flow',
    )
  }
  const pkceMethod = options.pkceMethod ?? PKCE.method
  if (pkceMethod !== 'S256') {
    // pkceMethod false is allowed by §5 but the provider requires PKCE for public clients.
    throw new LoginOptionsError('idp:options.invalidPkceMethod', 'Invalid value for pkceMethod')
  }
  const onLoad = options.onLoad ?? 'login-required'
  if (onLoad !== 'check-sso' && onLoad !== 'login-required') {
    throw new LoginOptionsError('errors:login.invalidOnLoad', 'Invalid value for onLoad')
  }
  if (!options.clientId) throw new LoginOptionsError('errors:login.clientIdMissing', 'clientId missing')
  if (!options.realm) throw new LoginOptionsError('errors:login.realmMissing', 'realm missing')
  const base = options.url.replace(/\/+$/, '')
  return {
    issuer: `${base}/realms/${encodeURIComponent(options.realm)}`,
    clientId: options.clientId,
    responseMode,
    flow,
    pkceMethod,
    onLoad,
  }
}
