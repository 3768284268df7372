import {
  completeLogin,
  discoverProvider,
  logoutForm,
  PendingLoginStore,
  RefreshRejectedError,
  refreshTokens,
  startLogin,
  validateLoginOptions,
} from '@portal/sdk/oidc'
import { ACCESS_TOKEN_STORAGE_KEY, createPortalClient, type TokenStorage } from '@portal/sdk/client'
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

// The page the user wanted before being sent to sign in; the provider only returns to the registered root.
const RETURN_TO_KEY = 'portal-return-to'

/** Sign-in for the portal in this browser through the SDK's OIDC flows, with tokens kept in `storage`. */
export function createWebAuth(storage: TokenStorage): WebAuth {
  const origin = window.location.origin
  // The portal's own login options (SPEC §5), validated once: code flow, PKCE S256, fragment, login-required.
  const options = validateLoginOptions({ url: origin, realm: 'portal', clientId: 'portal-web', onLoad: 'login-required' })
  const redirectUri = `${origin}/`
  const pending = new PendingLoginStore(storage)
  let configuration: ReturnType<typeof discoverProvider> | null = null
  const config = () => (configuration ??= discoverProvider(options.issuer, options.clientId))
  const forget = async () => {
    await storage.remove(ACCESS_TOKEN_STORAGE_KEY)
    await storage.remove(REFRESH_TOKEN_KEY)
  }

  return {
    completeLogin: async (href) => {
      // An answer without a matching pending sign-in is ignored (SPEC §5): null, and the gate signs in anew.
      const tokens = await completeLogin(await config(), href, { store: pending })
      if (!tokens) return null
      await storage.set(ACCESS_TOKEN_STORAGE_KEY, tokens.idToken)
      if (tokens.refreshToken) await storage.set(REFRESH_TOKEN_KEY, tokens.refreshToken)
      const returnTo = await storage.get(RETURN_TO_KEY)
      await storage.remove(RETURN_TO_KEY)
      return returnTo || null
    },

    idToken: async () => (await storage.get(ACCESS_TOKEN_STORAGE_KEY)) ?? null,

    startLogin: async (language) => {
      await storage.set(RETURN_TO_KEY, window.location.pathname + window.location.search)
      const url = await startLogin(await config(), {
        redirectUri,
        store: pending,
        responseMode: options.responseMode,
        uiLocales: language,
      })
      window.location.assign(url.href)
    },

    refresh: async () => {
      const refreshToken = await storage.get(REFRESH_TOKEN_KEY)
      if (!refreshToken) return null
      try {
        const tokens = await refreshTokens(await config(), refreshToken)
        await storage.set(ACCESS_TOKEN_STORAGE_KEY, tokens.idToken)
        if (tokens.refreshToken) await storage.set(REFRESH_TOKEN_KEY, tokens.refreshToken)
        return tokens.idToken
      } catch (error) {
        // SPEC §4: a 400 answer to the refresh clears the tokens; the next call then signs in again.
        if (error instanceof RefreshRejectedError) await forget()
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
      const form = logoutForm(await config(), { idTokenHint: idToken ?? undefined, postLogoutRedirectUri: redirectUri })
      const element = document.createElement('form')
      element.method = 'POST'
      element.action = form.url
      for (const [name, value] of Object.entries(form.fields)) {
        const input = document.createElement('input')
        input.type = 'hidden'
        input.name = name
        input.value = value
        element.appendChild(input)
      }
      document.body.appendChild(element)
      element.submit()
    },
  }
}
