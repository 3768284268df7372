import type { Clock } from './clock'
import { secondsLeft } from './jwt'

/** What the token refresher needs: where the token is, how to renew it, and what to do with a new one. */
export interface TokenRefresherOptions {
  clock: Clock
  /** Check period in ms (SPEC §9: 60000). */
  intervalMs: number
  /** Refresh when fewer seconds than this are left (SPEC §9: 80). */
  minValiditySeconds: number
  /** The token in use now, or null when signed out. */
  currentToken(): Promise<string | null>
  /** Obtains a fresh identity token (e.g. with the OIDC refresh token); null when that is impossible. */
  refresh(current: string): Promise<string | null>
  /** Puts the fresh token to use (re-authenticates the connection with it). */
  apply(token: string): Promise<void>
  /** Refresh failures are only reported (SPEC §8), never thrown. */
  onError(error: unknown): void
}

/** A running refresher; `check` runs one round now, `stop` ends it. */
export interface TokenRefresher {
  /** Runs one check at once; resolves true when a new token was applied. */
  check(): Promise<boolean>
  /** Stops the periodic checks. */
  stop(): void
}

/** Checks the token every interval and renews it when it is about to expire. */
export function startTokenRefresher(options: TokenRefresherOptions): TokenRefresher {
  let running: Promise<boolean> | null = null

  const round = async (): Promise<boolean> => {
    const token = await options.currentToken()
    if (!token) return false
    if (secondsLeft(token, options.clock.now()) >= options.minValiditySeconds) return false
    const fresh = await options.refresh(token)
    if (!fresh) return false
    await options.apply(fresh)
    return true
  }

  const check = (): Promise<boolean> => {
    // One refresh at a time: a slow identity provider must not get a second request for the same token.
    running ??= round()
      .catch((error: unknown) => {
        options.onError(error)
        return false
      })
      .finally(() => {
        running = null
      })
    return running
  }

  const handle = options.clock.setInterval(() => void check(), options.intervalMs)
  return { check, stop: () => options.clock.clearInterval(handle) }
}
