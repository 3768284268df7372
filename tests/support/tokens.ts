import { createHash, randomBytes } from 'node:crypto'
import { CookieJar, pageText, parseForm, request } from './http'

/** Tokens the provider hands out after a sign-in. */
export interface SignInTokens {
  idToken: string
  accessToken: string
  refreshToken: string | undefined
  expiresIn: number
}

/** Thrown when the provider does not let the user in; carries the page the user would see. */
export class SignInError extends Error {
  override name = 'SignInError'
  constructor(
    message: string,
    readonly status: number,
    /** Visible text of the last page (e.g. the sign-in form with its error message). */
    readonly text: string,
  ) {
    super(`${message} (HTTP ${status}): ${text.slice(0, 300)}`)
  }
}

/** Options of signIn. */
export interface SignInOptions {
  clientId?: string
  redirectUri?: string
  scope?: string
  uiLocales?: string
  responseMode?: 'query' | 'fragment'
  /** Reuse a browser session (cookie jar), e.g. to test single sign-on or logout. */
  jar?: CookieJar
  /** Extra request headers on every call (e.g. Accept-Language, X-Forwarded-For). */
  headers?: Record<string, string>
  /** More fields to fill in on the provider's pages, e.g. `code` of the second-factor page. */
  answers?: Record<string, string>
}

interface Discovery {
  issuer: string
  authorization_endpoint: string
  token_endpoint: string
  device_authorization_endpoint: string
  end_session_endpoint: string
  jwks_uri: string
}

/** The provider's discovery document for a portal URL. */
export async function discover(url: string): Promise<Discovery> {
  const response = await fetch(`${url}/realms/portal/.well-known/openid-configuration`)
  if (!response.ok) throw new Error(`discovery failed: HTTP ${response.status}`)
  return (await response.json()) as Discovery
}

const base64url = (buffer: Buffer) => buffer.toString('base64url')

/** Fields the browser fills in on the provider's pages. */
type Answers = Record<string, string>

/**
 * Walks the provider's pages like a browser: follows redirects, submits each form with `answers`, and stops
 * when a redirect leaves for `stopAt` (returns that URL) or a page without a form is reached (returns it).
 */
async function drive(
  jar: CookieJar,
  start: Response,
  answers: Answers,
  stopAt: string | undefined,
  headers: Record<string, string>,
): Promise<{ redirect?: string; response: Response; html: string }> {
  let response = start
  let submittedPassword = false
  for (let step = 0; step < 20; step++) {
    const location = response.headers.get('location')
    if (response.status >= 300 && response.status < 400 && location) {
      const next = new URL(location, response.url || undefined).toString()
      if (stopAt && next.split(/[?#]/)[0] === stopAt.split(/[?#]/)[0]) return { redirect: next, response, html: '' }
      response = await request(jar, next, { headers })
      continue
    }
    const html = await response.text()
    const form = parseForm(html, response.url)
    if (!form || response.status >= 400) return { response, html }
    if ('password' in form.fields && submittedPassword) {
      throw new SignInError('sign-in refused', response.status, pageText(html))
    }
    const fields = { ...form.fields }
    for (const name of Object.keys(answers)) if (name in fields) fields[name] = answers[name]
    if ('password' in fields) submittedPassword = true
    response =
      form.method === 'POST'
        ? await request(jar, form.action, { form: fields, headers })
        : await request(jar, `${form.action.split('?')[0]}?${new URLSearchParams(fields)}`, { headers })
  }
  throw new Error('too many steps in the provider pages')
}

async function tokenRequest(tokenEndpoint: string, form: Record<string, string>): Promise<SignInTokens> {
  const response = await fetch(tokenEndpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body: new URLSearchParams(form),
  })
  const body = (await response.json()) as Record<string, string | number>
  if (!response.ok) throw new Error(`token endpoint: ${body.error} ${body.error_description ?? ''}`)
  return {
    idToken: String(body.id_token),
    accessToken: String(body.access_token),
    refreshToken: body.refresh_token === undefined ? undefined : String(body.refresh_token),
    expiresIn: Number(body.expires_in),
  }
}

/**
 * Plays the browser for an authorization URL built elsewhere (e.g. by the SDK): follows the redirects, submits the
 * sign-in form, and returns the URL the provider sent the browser back to (with code and state).
 */
export async function browserAuthorize(
  authorizeUrl: string,
  redirectUri: string,
  email: string,
  password: string,
  options: { jar?: CookieJar; headers?: Record<string, string> } = {},
): Promise<string> {
  const jar = options.jar ?? new CookieJar()
  const headers = options.headers ?? {}
  const first = await request(jar, authorizeUrl, { headers })
  const end = await drive(jar, first, { username: email, password }, redirectUri, headers)
  if (!end.redirect) throw new SignInError('sign-in did not return to the portal', end.response.status, pageText(end.html))
  return end.redirect
}

/** Approves a device code on the provider's pages as the user would: enter the code, confirm, sign in. */
export async function approveDevice(
  verificationUri: string,
  userCode: string,
  email: string,
  password: string,
  options: { jar?: CookieJar; headers?: Record<string, string>; answers?: Record<string, string> } = {},
): Promise<string> {
  const jar = options.jar ?? new CookieJar()
  const headers = options.headers ?? {}
  const first = await request(jar, verificationUri, { headers })
  const end = await drive(jar, first, { ...options.answers, user_code: userCode, username: email, password }, undefined, headers)
  if (end.response.status >= 400) throw new SignInError('device approval failed', end.response.status, pageText(end.html))
  return pageText(end.html)
}

/** Signs in with the authorization-code flow + PKCE S256 by submitting the provider's sign-in form. */
export async function signIn(url: string, email: string, password: string, options: SignInOptions = {}): Promise<SignInTokens> {
  const discovery = await discover(url)
  const jar = options.jar ?? new CookieJar()
  const headers = options.headers ?? {}
  const clientId = options.clientId ?? 'portal-web'
  const redirectUri = options.redirectUri ?? `${url}/`
  const verifier = base64url(randomBytes(72)) // 96 characters
  const state = base64url(randomBytes(16))
  const nonce = base64url(randomBytes(16))
  const authorize = new URL(discovery.authorization_endpoint)
  const params: Record<string, string> = {
    client_id: clientId,
    redirect_uri: redirectUri,
    response_type: 'code',
    response_mode: options.responseMode ?? 'fragment',
    scope: options.scope ?? 'openid profile email offline_access',
    state,
    nonce,
    code_challenge: base64url(createHash('sha256').update(verifier).digest()),
    code_challenge_method: 'S256',
  }
  if (options.uiLocales) params.ui_locales = options.uiLocales
  for (const [key, value] of Object.entries(params)) authorize.searchParams.set(key, value)

  const first = await request(jar, authorize.toString(), { headers })
  const end = await drive(jar, first, { ...options.answers, username: email, password }, redirectUri, headers)
  if (!end.redirect) throw new SignInError('sign-in did not return to the portal', end.response.status, pageText(end.html))
  const callback = new URL(end.redirect)
  const answer = new URLSearchParams(callback.hash ? callback.hash.slice(1) : callback.search)
  if (answer.get('error')) throw new SignInError(`provider error ${answer.get('error')}`, 400, answer.get('error_description') ?? '')
  if (answer.get('state') !== state) throw new Error('state mismatch')
  const code = answer.get('code')
  if (!code) throw new Error('no code in the callback')
  return tokenRequest(discovery.token_endpoint, {
    grant_type: 'authorization_code',
    code,
    client_id: clientId,
    redirect_uri: redirectUri,
    code_verifier: verifier,
  })
}

/** Options of deviceSignIn. */
export interface DeviceSignInOptions {
  clientId?: string
  scope?: string
  jar?: CookieJar
  headers?: Record<string, string>
  /** More fields to fill in on the provider's pages, e.g. `code` of the second-factor page. */
  answers?: Record<string, string>
}

/**
 * The device authorization grant as the CLI and a user with a browser do it: request a code, enter it on the
 * provider's page, confirm, sign in with the form, then poll the token endpoint.
 */
export async function deviceSignIn(
  url: string,
  email: string,
  password: string,
  options: DeviceSignInOptions = {},
): Promise<SignInTokens> {
  const discovery = await discover(url)
  const clientId = options.clientId ?? 'portal-cli'
  const jar = options.jar ?? new CookieJar()
  const headers = options.headers ?? {}
  const started = await fetch(discovery.device_authorization_endpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ client_id: clientId, scope: options.scope ?? 'openid profile email offline_access' }),
  })
  const device = (await started.json()) as { device_code: string; user_code: string; verification_uri: string; interval: number }
  if (!started.ok) throw new Error(`device authorization failed: ${JSON.stringify(device)}`)

  await approveDevice(device.verification_uri, device.user_code, email, password, { jar, headers, answers: options.answers })

  const deadline = Date.now() + 30_000
  for (;;) {
    try {
      return await tokenRequest(discovery.token_endpoint, {
        grant_type: 'urn:ietf:params:oauth:grant-type:device_code',
        device_code: device.device_code,
        client_id: clientId,
      })
    } catch (error) {
      if (!/authorization_pending|slow_down/.test(String(error)) || Date.now() > deadline) throw error
      await new Promise((resolve) => setTimeout(resolve, 200))
    }
  }
}

/** Exchanges a refresh token for new tokens. */
export async function refreshTokens(url: string, refreshToken: string, clientId = 'portal-web'): Promise<SignInTokens> {
  const discovery = await discover(url)
  return tokenRequest(discovery.token_endpoint, { grant_type: 'refresh_token', refresh_token: refreshToken, client_id: clientId })
}
