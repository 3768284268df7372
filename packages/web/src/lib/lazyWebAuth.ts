import { ACCESS_TOKEN_STORAGE_KEY, type TokenStorage } from '@portal/sdk/client'
import type { WebAuth } from './auth'
import { REFRESH_TOKEN_KEY } from './tokenKeys'

/**
 * Sign-in with the identity provider, its code (openid-client) loaded only when it is needed — sign-in, refresh,
 * logout — not on every page load; reading or forgetting the stored tokens needs none of it.
 */
export function createLazyWebAuth(storage: TokenStorage): WebAuth {
  const loadAuth = () => import('./auth').then((module) => module.createWebAuth(storage))
  return {
    completeLogin: async (href) => (await loadAuth()).completeLogin(href),
    idToken: async () => (await storage.get(ACCESS_TOKEN_STORAGE_KEY)) ?? null,
    startLogin: async (language) => (await loadAuth()).startLogin(language),
    refresh: async () => (await loadAuth()).refresh(),
    forget: async () => {
      await storage.remove(ACCESS_TOKEN_STORAGE_KEY)
      await storage.remove(REFRESH_TOKEN_KEY)
    },
    logout: async () => (await loadAuth()).logout(),
  }
}
