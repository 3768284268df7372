import { secondsLeft } from '@portal/sdk/client'
import { TOKEN_MIN_VALIDITY_S } from '@portal/sdk/domain'
import type { CommandContext } from '../../context'
import type { StoredSession } from '../../config/session-store'
import { NotSignedInError } from '../../errors'
import { nothingAnswers, serverAnswers } from './server-answers'

/** The stored session of the context's server, refreshed first when its identity token is about to expire. */
export async function freshSession(ctx: CommandContext): Promise<StoredSession> {
  const stored = ctx.store.get(ctx.server)
  if (!stored) {
    // No session for a server named for this run: a mistyped --server, or a server that is down, is not a matter of
    // signing in. (Without a name, e.g. after `portal logout`, the default address is no mistake of the user's.)
    if (ctx.serverNamed && !(await serverAnswers(ctx))) throw nothingAnswers(ctx.server)
    throw new NotSignedInError({ server: ctx.server })
  }
  if (secondsLeft(stored.idToken, ctx.now()) >= TOKEN_MIN_VALIDITY_S) return stored
  return refreshSession(ctx, stored)
}

/** Renews the tokens with the refresh token and saves them; NotSignedIn when the provider says no. */
export async function refreshSession(ctx: CommandContext, stored: StoredSession): Promise<StoredSession> {
  if (!stored.refreshToken) throw new NotSignedInError({ server: ctx.server })
  ctx.debug(`refreshing tokens at ${stored.issuer}`)
  try {
    const identity = await ctx.identity(stored.issuer)
    const tokens = await identity.refresh(stored.refreshToken)
    const session: StoredSession = {
      // The issuer and the cached account language stay; the tokens are new.
      ...stored,
      ...tokens,
      // Providers may keep the refresh token unchanged and not send it again.
      refreshToken: tokens.refreshToken ?? stored.refreshToken,
    }
    ctx.store.save(ctx.server, session)
    return session
  } catch (error) {
    ctx.debug(`refresh failed: ${String(error)}`)
    // invalid_grant and friends: the session is over; forget it so the next run says so at once.
    if (isOAuthRefusal(error)) {
      ctx.store.forget(ctx.server)
      throw new NotSignedInError({ server: ctx.server })
    }
    throw error
  }
}

function isOAuthRefusal(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'error' in error && typeof error.error === 'string'
}
