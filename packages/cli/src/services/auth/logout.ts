import { createPortalClient } from '@portal/sdk/client'
import type { CommandContext } from '../../context'
import { writeLine } from '../../io'
import { waitConnected } from '../session/wait-connected'

/** What `portal logout --json` prints. */
export interface LogoutResult {
  server: string
  signedOut: boolean
}

/**
 * Ends the server's session of the identity token (`remove /authentication`): every connection signed in with it
 * (a running `portal tui`, another terminal) stops at once. Best effort: an expired token has no session left, and
 * revoking the grant at the provider ends the rest.
 */
async function endServerSession(ctx: CommandContext, idToken: string): Promise<void> {
  const client = createPortalClient({ url: ctx.server })
  try {
    await waitConnected(client.socket, ctx.server)
    await client.authenticate({ strategy: 'jwt', accessToken: idToken })
    await client.logout()
  } catch (error) {
    ctx.debug(`server logout skipped: ${String(error)}`)
  } finally {
    client.close()
  }
}

/** Ends the session on the server, revokes the tokens at the provider (both best effort) and forgets them. */
export async function logout(ctx: CommandContext): Promise<void> {
  const stored = ctx.store.get(ctx.server)
  if (stored && !ctx.dryRun) {
    await endServerSession(ctx, stored.idToken)
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
