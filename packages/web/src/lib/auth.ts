import {
  allowInsecureRequests,
  authorizationCodeGrant,
  buildAuthorizationUrl,
  calculatePKCECodeChallenge,
  discovery,
  None,
  randomNonce,
  randomState,
  refreshTokenGrant,
  type Configuration,
} from 'openid-client'
import { ACCESS_TOKEN_STORAGE_KEY, createPortalClient, type TokenStorage } from '@portal/sdk/client'
import { IDENTITY, PKCE } from '@portal/sdk/domain'
import type { Language } from '@portal/sdk/domain'
import { REFRESH_TOKEN_KEY } from './tokenKeys'

/** The browser side of sign-in and sign-out (SPEC §4, §7): code + PKCE, login-required, POST logout. */
export interface WebAuth {
  /** Exchanges the code of a matching pending sign-in for tokens and stores them; returns the path to go back to. */
  completeLogin(href: string): Promise<string | null>
  /** The stored identity token, if any. */
  idToken(): Promise<string | null>
  /** Sends the browser to the provider's sign-in page in the given language. */
  startLogin(language: Language): Promise<void>
  /** A fresh identity token via the refresh token; null (and tokens dropped) when the provider refuses. */
  refresh(): Promise<string | null>
  /** Forgets every stored token. */
  forget(): Promise<void>
  /** Ends the backend session, forgets the tokens and posts the RP-initiated logout to the provider. */
  logout(): Promise<void>
}

const CLIENT_ID = 'portal-web'
const PENDING_KEY = 'portal-oidc-pending'
const VERIFIER_CHARS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~'

interface PendingLogin {
  state: string
  nonce: string
  verifier: string
  returnTo: string
  createdAt: number
}

/** A PKCE verifier of 96 unreserved characters (SPEC §9). */
function randomVerifier(): string {
  // 66 characters: bytes of 198 and above are skipped so every character is equally likely.
  const limit = 256 - (256 % VERIFIER_CHARS.length)
  let out = ''
  while (out.length < PKCE.verifierLength) {
    for (const byte of crypto.getRandomValues(new Uint8Array(PKCE.verifierLength))) {
      if (byte < limit && out.length < PKCE.verifierLength) out += VERIFIER_CHARS[byte % VERIFIER_CHARS.length]
    }
  }
  return out
}

function fragmentParams(href: string): URLSearchParams {
  const hash = new URL(href).hash.replace(/^#/, '')
  return new URLSearchParams(hash)
}

/** Sign-in for the portal in this browser, with tokens kept in `storage`. */
export function createWebAuth(storage: TokenStorage): WebAuth {
  const origin = window.location.origin
  const issuer = new URL(`${origin}/realms/portal`)
  const redirectUri = `${origin}/`
  let configuration: Promise<Configuration> | null = null
  const config = () =>
    (configuration ??= discovery(issuer, CLIENT_ID, undefined, None(), {
      execute: issuer.protocol === 'http:' ? [allowInsecureRequests] : [],
    }))

  const readPending = async (): Promise<PendingLogin[]> => {
    try {
      const raw = await storage.get(PENDING_KEY)
      const list = raw ? (JSON.parse(raw) as PendingLogin[]) : []
      // A pending sign-in is kept 60 minutes (SPEC §9).
      return list.filter((p) => Date.now() - p.createdAt < IDENTITY.pendingLoginTtlMs)
    } catch {
      return []
    }
  }
  const writePending = (list: PendingLogin[]) => storage.set(PENDING_KEY, JSON.stringify(list))
  const forget = async () => {
    await storage.remove(ACCESS_TOKEN_STORAGE_KEY)
    await storage.remove(REFRESH_TOKEN_KEY)
  }

  return {
    completeLogin: async (href) => {
      const params = fragmentParams(href)
      const pending = await readPending()
      const match = pending.find((p) => p.state === params.get('state'))
      // SPEC §5: an answer without a matching pending sign-in is ignored.
      if (!match) return null
      await writePending(pending.filter((p) => p !== match))
      if (params.has('error')) throw new Error(params.get('error_description') || params.get('error') || 'login failed')
      const answer = new URL(redirectUri)
      for (const [key, value] of params) answer.searchParams.set(key, value)
      const tokens = await authorizationCodeGrant(await config(), answer, {
        pkceCodeVerifier: match.verifier,
        expectedState: match.state,
        expectedNonce: match.nonce,
        idTokenExpected: true,
      })
      if (!tokens.id_token) throw new Error('The identity provider sent no id token')
      await storage.set(ACCESS_TOKEN_STORAGE_KEY, tokens.id_token)
      if (tokens.refresh_token) await storage.set(REFRESH_TOKEN_KEY, tokens.refresh_token)
      return match.returnTo
    },

    idToken: async () => (await storage.get(ACCESS_TOKEN_STORAGE_KEY)) ?? null,

    startLogin: async (language) => {
      const verifier = randomVerifier()
      const pending: PendingLogin = {
        state: randomState(),
        nonce: randomNonce(),
        verifier,
        returnTo: window.location.pathname + window.location.search,
        createdAt: Date.now(),
      }
      await writePending([...(await readPending()), pending])
      const url = buildAuthorizationUrl(await config(), {
        redirect_uri: redirectUri,
        response_type: 'code',
        response_mode: PKCE.responseMode,
        scope: 'openid profile email offline_access',
        state: pending.state,
        nonce: pending.nonce,
        code_challenge: await calculatePKCECodeChallenge(verifier),
        code_challenge_method: PKCE.method,
        ui_locales: language,
      })
      window.location.assign(url.href)
    },

    refresh: async () => {
      const refreshToken = await storage.get(REFRESH_TOKEN_KEY)
      if (!refreshToken) return null
      try {
        const tokens = await refreshTokenGrant(await config(), refreshToken)
        if (!tokens.id_token) return null
        await storage.set(ACCESS_TOKEN_STORAGE_KEY, tokens.id_token)
        if (tokens.refresh_token) await storage.set(REFRESH_TOKEN_KEY, tokens.refresh_token)
        return tokens.id_token
      } catch (error) {
        // SPEC §4: a 400 answer to the refresh clears the token; the next call then signs in again.
        if ((error as { status?: number }).status === 400) await forget()
        throw error
      }
    },

    forget,

    logout: async () => {
      const idToken = await storage.get(ACCESS_TOKEN_STORAGE_KEY)
      await forget()
      if (idToken) {
        // End the backend session too; a token the server already refuses needs no logout.
        const client = createPortalClient({ url: origin })
        try {
          await client.authenticate({ strategy: 'jwt', accessToken: idToken })
          await client.logout()
        } catch (error) {
          console.warn('Backend logout skipped', error)
        } finally {
          client.close()
        }
      }
      const endSession = (await config()).serverMetadata().end_session_endpoint
      if (!endSession) {
        window.location.assign('/')
        return
      }
      const form = document.createElement('form')
      form.method = 'POST'
      form.action = endSession
      const fields: Record<string, string> = { client_id: CLIENT_ID, post_logout_redirect_uri: redirectUri }
      if (idToken) fields.id_token_hint = idToken
      for (const [name, value] of Object.entries(fields)) {
        const input = document.createElement('input')
        input.type = 'hidden'
        input.name = name
        input.value = value
        form.appendChild(input)
      }
      document.body.appendChild(form)
      form.submit()
    },
  }
}
