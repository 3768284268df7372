import { JWTStrategy, type AuthenticationParams, type AuthenticationRequest } from '@feathersjs/authentication'
import type { Knex } from 'knex'
import { AUTHENTICATION_STRATEGY, authenticationErrorKeys, type AuthenticationResult } from '@portal/sdk/services'
import { authenticationError } from './errors'
import { loadSessionUser } from './session-user'
import { tokenHash } from './token-hash'
import type { TokenVerifier } from './verifier'

/** Whether the identity provider still holds the session (grant) a verified token belongs to. */
export type SessionAlive = (payload: Record<string, unknown>) => Promise<boolean>

/** How long a verified token's session user is reused; a disabled user is shut out at the latest after this. */
export const SESSION_CACHE_MS = 5_000
const CACHE_LIMIT = 10_000
/** How long a logged-out token is refused when its expiry cannot be read (longer than any identity token lives). */
const REVOKED_FALLBACK_MS = 24 * 60 * 60 * 1000

/** The `exp` of a JWT in ms, read without verification (only to know how long to remember a revocation). */
function tokenExpiry(token: string): number | undefined {
  try {
    const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as { exp?: unknown }
    return typeof payload.exp === 'number' ? payload.exp * 1000 : undefined
  } catch {
    return undefined
  }
}

/** The answer of the strategy: the contract's result with token and claims always present. */
export type StrategyResult = AuthenticationResult & {
  authentication: { strategy: typeof AUTHENTICATION_STRATEGY; accessToken: string; payload: Record<string, unknown> }
}

interface CacheEntry {
  until: number
  result: Promise<StrategyResult>
}

/**
 * The `jwt` strategy: the identity token from the OIDC provider (sent as accessToken) is verified against the
 * provider's keys, and its subject is mapped to users.keycloak_id. Every socket call re-runs this, so results
 * are cached per token for a few seconds (concurrent calls share one verification).
 */
export class OidcJwtStrategy extends JWTStrategy {
  private readonly cache = new Map<string, CacheEntry>()
  /** Tokens ended by logout, with the time (ms) until which they are refused. */
  private readonly revoked = new Map<string, number>()

  constructor(
    private readonly verifier: TokenVerifier,
    private readonly knex: Knex,
    /** Asks the embedded provider whether the token's grant was revoked (logout there, `portal logout`); none for an external one. */
    private readonly sessionAlive?: SessionAlive,
  ) {
    super()
  }

  private async resolve(accessToken: string): Promise<StrategyResult> {
    const payload = await this.verifier.verify(accessToken)
    // Logged out on any instance: refused everywhere (this process also remembers it in memory).
    const revoked = await this.knex('revoked_tokens').where({ token_hash: tokenHash(accessToken) }).first('token_hash')
    if (revoked) throw authenticationError(authenticationErrorKeys.sessionEnded)
    if (this.sessionAlive && !(await this.sessionAlive(payload))) throw authenticationError(authenticationErrorKeys.sessionEnded)
    const found = await loadSessionUser(this.knex, payload.sub)
    if (!found) throw authenticationError(authenticationErrorKeys.unknownUser)
    if (!found.enabled) throw authenticationError(authenticationErrorKeys.disabledUser)
    return {
      accessToken,
      authentication: { strategy: AUTHENTICATION_STRATEGY, accessToken, payload: { ...payload } },
      user: found.user,
    }
  }

  private prune(now: number): void {
    if (this.cache.size < CACHE_LIMIT) return
    for (const [token, entry] of this.cache) if (entry.until <= now) this.cache.delete(token)
    if (this.cache.size >= CACHE_LIMIT) this.cache.clear()
  }

  /**
   * Forgets a token's cached session after logout and refuses the token from then on (until it expires), so
   * a logged-out identity token cannot open a new session. Kept in this process's memory.
   */
  async forget(accessToken: string): Promise<void> {
    this.cache.delete(accessToken)
    const now = Date.now()
    if (this.revoked.size >= CACHE_LIMIT) for (const [token, until] of this.revoked) if (until <= now) this.revoked.delete(token)
    const until = tokenExpiry(accessToken) ?? now + REVOKED_FALLBACK_MS
    this.revoked.set(accessToken, until)
    await this.knex('revoked_tokens').where('expires_at', '<', new Date(now)).delete()
    await this.knex('revoked_tokens')
      .insert({ token_hash: tokenHash(accessToken), expires_at: new Date(until) })
      .onConflict('token_hash')
      .ignore()
  }

  /** Drops every cached session, so changed users (language, rights, disabled) take effect on the next call. */
  clearSessions(): void {
    this.cache.clear()
  }

  private isRevoked(accessToken: string, now: number): boolean {
    const until = this.revoked.get(accessToken)
    if (until === undefined) return false
    if (until > now) return true
    this.revoked.delete(accessToken)
    return false
  }

  /** Verifies the identity token and answers with the session user. */
  override async authenticate(authentication: AuthenticationRequest, _params: AuthenticationParams): Promise<StrategyResult> {
    const accessToken: unknown = authentication.accessToken
    if (typeof accessToken !== 'string' || !accessToken) throw authenticationError(authenticationErrorKeys.missingToken)
    const now = Date.now()
    if (this.isRevoked(accessToken, now)) throw authenticationError(authenticationErrorKeys.sessionEnded)
    let entry = this.cache.get(accessToken)
    if (!entry || entry.until <= now) {
      this.prune(now)
      const result = this.resolve(accessToken)
      entry = { until: now + SESSION_CACHE_MS, result }
      this.cache.set(accessToken, entry)
      result.then(
        (value) => {
          // Never serve a token from the cache past its own expiry.
          const exp = Number(value.authentication.payload.exp ?? 0) * 1000
          if (exp && exp < (entry as CacheEntry).until) (entry as CacheEntry).until = exp
        },
        () => this.cache.delete(accessToken),
      )
    }
    const result = await entry.result
    return { ...result, user: { ...result.user } }
  }
}
