import { createPortalClient, type PortalClient, type TokenStorage } from '@portal/sdk/client'
import type { SessionUser } from '@portal/sdk/services'
import type { WebAuth } from './auth'
import { createBrowserStorage } from './browserStorage'
import { isSignInCallback } from './callback'
import { createLazyWebAuth } from './lazyWebAuth'

/** A socket and its sign-in with the stored token, started by the entry before the app's code has arrived. */
export interface EarlySession {
  storage: TokenStorage
  webAuth: WebAuth
  token: string
  client: PortalClient
  authentication: Promise<{ user: SessionUser }>
}

let pending: Promise<EarlySession | null> | null = null

/**
 * Opens the socket and signs in with a stored token at once (main.tsx), beside the app's code, instead of after it
 * has loaded and rendered: the sign-in round trips then overlap the download. Not on a sign-in answer (the gate
 * completes it first) nor on /logout (which signs out).
 */
export function startEarlySession(): void {
  const { href, pathname } = window.location
  if (isSignInCallback(href) || pathname === '/logout') return
  const storage = createBrowserStorage()
  const webAuth = createLazyWebAuth(storage)
  pending = (async () => {
    const token = await webAuth.idToken()
    if (!token) return null
    const client = createPortalClient({ url: window.location.origin, storage, refresh: () => webAuth.refresh() })
    const authentication = client.authenticate({ strategy: 'jwt', accessToken: token })
    // The gate awaits it and handles a refusal; until then a rejection is not unhandled.
    authentication.catch(() => undefined)
    return { storage, webAuth, token, client, authentication }
  })().catch(() => null)
}

/** The early session for the first gate that asks (once); a later sign-in starts its own. */
export function takeEarlySession(): Promise<EarlySession | null> {
  const early = pending ?? Promise.resolve(null)
  pending = null
  return early
}
