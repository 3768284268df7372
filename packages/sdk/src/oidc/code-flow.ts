import { authorizationCodeGrant, buildAuthorizationUrl, calculatePKCECodeChallenge, type Configuration } from 'openid-client'
import { PendingLoginStore } from './pending'
import { randomCodeVerifier, randomToken } from './pkce'
import { toTokens, type OidcTokens } from './tokens'

/** Options of startLogin. */
export interface StartLoginOptions {
  /** Where the provider sends the browser back (an address of the portal). */
  redirectUri: string
  store: PendingLoginStore
  responseMode?: 'query' | 'fragment'
  scope?: string
  uiLocales?: string
  prompt?: string
  loginHint?: string
  now?: () => number
}

/** The portal's default scopes: identity, profile, e-mail, and a refresh token. */
export const DEFAULT_SCOPE = 'openid profile email offline_access'

/**
 * Prepares a sign-in: a 96-character PKCE verifier (S256), state and nonce are kept in the store, and the
 * authorization URL the browser should go to is returned. The SDK never navigates itself.
 */
export async function startLogin(config: Configuration, options: StartLoginOptions): Promise<URL> {
  const codeVerifier = randomCodeVerifier()
  const state = randomToken()
  const nonce = randomToken()
  const responseMode = options.responseMode ?? 'fragment'
  await options.store.save({
    state,
    nonce,
    codeVerifier,
    redirectUri: options.redirectUri,
    responseMode,
    createdAt: (options.now ?? Date.now)(),
  })
  const parameters: Record<string, string> = {
    redirect_uri: options.redirectUri,
    response_type: 'code',
    response_mode: responseMode,
    scope: options.scope ?? DEFAULT_SCOPE,
    state,
    nonce,
    code_challenge: await calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
  }
  if (options.uiLocales) parameters.ui_locales = options.uiLocales
  if (options.prompt) parameters.prompt = options.prompt
  if (options.loginHint) parameters.login_hint = options.loginHint
  return buildAuthorizationUrl(config, parameters)
}

/** The authorization answer in a URL the browser came back to: from the fragment or the query. */
export function callbackParams(href: string): URLSearchParams | undefined {
  const url = new URL(href)
  const fragment = new URLSearchParams(url.hash.replace(/^#/, ''))
  if (fragment.has('state')) return fragment
  if (url.searchParams.has('state')) return url.searchParams
  return undefined
}

/** The answer of the provider was an error (e.g. login_required with prompt=none). */
export class LoginResponseError extends Error {
  override name = 'LoginResponseError'
  readonly key = 'idp:flow.providerError'
  constructor(
    readonly error: string,
    readonly errorDescription: string | undefined,
  ) {
    super(`The identity provider refused the sign-in: ${error}${errorDescription ? ` (${errorDescription})` : ''}`)
  }
}

/** Options of completeLogin. */
export interface CompleteLoginOptions {
  store: PendingLoginStore
}

/**
 * Finishes a sign-in from the URL the browser came back to. An answer whose state matches no pending login is
 * ignored (returns null, §5). Otherwise the code is exchanged with the stored PKCE verifier, and openid-client
 * checks state, nonce, issuer and the identity token.
 */
export async function completeLogin(config: Configuration, href: string, options: CompleteLoginOptions): Promise<OidcTokens | null> {
  const params = callbackParams(href)
  const state = params?.get('state')
  if (!params || !state) return null
  const pending = await options.store.take(state)
  if (!pending) return null
  const error = params.get('error')
  if (error) throw new LoginResponseError(error, params.get('error_description') ?? undefined)
  // openid-client reads the answer from the query of the redirect URI; a fragment answer is moved there.
  const answer = new URL(pending.redirectUri)
  for (const [key, value] of params) answer.searchParams.set(key, value)
  try {
    const response = await authorizationCodeGrant(config, answer, {
      pkceCodeVerifier: pending.codeVerifier,
      expectedState: pending.state,
      expectedNonce: pending.nonce,
      idTokenExpected: true,
    })
    return toTokens(response)
  } catch (error) {
    if (isNonceMismatch(error)) throw new NonceMismatchError()
    throw error
  }
}

/** The identity token's nonce is not the one of the pending login (§4: the tokens must be cleared). */
export class NonceMismatchError extends Error {
  override name = 'NonceMismatchError'
  readonly key = 'errors:login.nonceMismatch'
  constructor() {
    super('The sign-in answer could not be verified (nonce mismatch)')
  }
}

// openid-client wraps the check's error; the claim that failed is named somewhere down the cause chain.
function isNonceMismatch(error: unknown): boolean {
  for (let current: unknown = error, depth = 0; current && depth < 5; depth++) {
    const candidate = current as { message?: unknown; cause?: unknown }
    const claim = (candidate.cause as { claim?: unknown } | undefined)?.claim
    if (claim === 'nonce' || (typeof candidate.message === 'string' && candidate.message.includes('"nonce"'))) return true
    current = candidate.cause
  }
  return false
}

/** The address without the sign-in answer, for history.replaceState (the fragment starting with state is cleared, §2). */
export function withoutCallbackParams(href: string): string {
  const url = new URL(href)
  if (new URLSearchParams(url.hash.replace(/^#/, '')).has('state')) url.hash = ''
  for (const key of ['state', 'code', 'session_state', 'iss', 'error', 'error_description']) url.searchParams.delete(key)
  return url.toString()
}
