import type { CommandContext } from '../../context'
import { writeLine } from '../../io'

/** What `portal logout --json` prints. */
export interface LogoutResult {
  server: string
  signedOut: boolean
}

/** Revokes the tokens at the provider (best effort) and forgets them. */
export async function logout(ctx: CommandContext): Promise<void> {
  const stored = ctx.store.get(ctx.server)
  if (stored && !ctx.dryRun) {
    try {
      const identity = await ctx.identity(stored.issuer)
      // Revoking the refresh token ends the grant; the access token is revoked too for providers that keep it.
      if (stored.refreshToken) await identity.revoke(stored.refreshToken)
      await identity.revoke(stored.accessToken)
    } catch (error) {
      // An unreachable provider must not keep the user signed in on this machine.
      ctx.debug(`revocation failed: ${String(error)}`)
    }
    ctx.store.forget(ctx.server)
  }
  if (ctx.json) ctx.printJson({ server: ctx.server, signedOut: Boolean(stored) } satisfies LogoutResult)
  else writeLine(ctx.io.stderr, stored ? ctx.t('logout.done', { server: ctx.server }) : ctx.t('logout.notSignedIn'))
}
