import { IDENTITY } from '../domain/constants'
import type { TokenStorage } from '../client/storage'

/** What the browser must remember between leaving for the sign-in page and coming back. */
export interface PendingLogin {
  state: string
  nonce: string
  codeVerifier: string
  redirectUri: string
  responseMode: 'query' | 'fragment'
  createdAt: number
}

const PREFIX = 'portal-oidc-state-'

/** Pending logins kept in a storage (localStorage in the web, memory elsewhere) for 60 minutes (§9). */
export class PendingLoginStore {
  constructor(
    private readonly storage: TokenStorage,
    private readonly now: () => number = Date.now,
    private readonly ttlMs: number = IDENTITY.pendingLoginTtlMs,
  ) {}

  /** Remembers a pending login under its state. */
  async save(pending: PendingLogin): Promise<void> {
    await this.storage.set(PREFIX + pending.state, JSON.stringify(pending))
  }

  /** Takes (and forgets) the pending login of a state; undefined when unknown or older than 60 minutes. */
  async take(state: string): Promise<PendingLogin | undefined> {
    const key = PREFIX + state
    const raw = await this.storage.get(key)
    if (!raw) return undefined
    await this.storage.remove(key)
    try {
      const pending = JSON.parse(raw) as PendingLogin
      if (pending.state !== state || this.now() - pending.createdAt > this.ttlMs) return undefined
      return pending
    } catch {
      return undefined
    }
  }
}

/** The part of the Web Storage API the portal uses (window.localStorage fits). */
export interface WebStorageLike {
  getItem(key: string): string | null
  setItem(key: string, value: string): void
  removeItem(key: string): void
}

/**
 * localStorage when the browser lets us use it, else memory (§9: local storage, with a fallback). The web passes
 * `window.localStorage` in; the SDK itself never touches the DOM.
 */
export function storageWithFallback(local: WebStorageLike | undefined): TokenStorage {
  const memory = new Map<string, string>()
  let usable = false
  try {
    if (local) {
      // Private modes and blocked storage throw on write; probe once.
      local.setItem('portal-storage-probe', '1')
      local.removeItem('portal-storage-probe')
      usable = true
    }
  } catch {
    usable = false
  }
  if (usable && local) {
    return {
      get: (key) => local.getItem(key),
      set: (key, value) => local.setItem(key, value),
      remove: (key) => local.removeItem(key),
    }
  }
  return {
    get: (key) => memory.get(key) ?? null,
    set: (key, value) => void memory.set(key, value),
    remove: (key) => void memory.delete(key),
  }
}
