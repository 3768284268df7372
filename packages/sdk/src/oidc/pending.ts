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
