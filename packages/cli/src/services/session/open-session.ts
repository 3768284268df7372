import { createPortalClient, type PortalClient } from '@portal/sdk/client'
import type { SessionUser } from '@portal/sdk/services'
import type { CommandContext } from '../../context'
import { NotSignedInError } from '../../errors'
import { freshSession, refreshSession } from './fresh-tokens'
import { toCliError } from './server-errors'
import { waitConnected } from './wait-connected'

/** A signed-in connection to the portal: the realtime client and the user it is signed in as. */
export interface OpenSession {
  client: PortalClient
  user: SessionUser
  /** Closes the connection (the CLI must exit afterwards). */
  close(): void
}

/** Options of openSession. */
export interface OpenSessionOptions {
  /**
   * Whether this run's output switches to the account's language now (default). `portal login` says no: it has
   * already spoken in the shell's language and must not change halfway (issue 38); the language is cached either way,
   * so the next run speaks the account's.
   */
  followLanguage?: boolean
}

/** Connects to the server and signs in with the stored identity token, refreshing it when needed. */
export async function openSession(ctx: CommandContext, { followLanguage = true }: OpenSessionOptions = {}): Promise<OpenSession> {
  let session = await freshSession(ctx)
  const client = createPortalClient({
    url: ctx.server,
    refresh: async () => {
      session = await refreshSession(ctx, session)
      return session.idToken
    },
    onRefreshError: (error) => ctx.debug(`token refresh failed: ${String(error)}`),
  })
  try {
    ctx.debug(`connecting to ${ctx.server}`)
    await waitConnected(client.socket, ctx.server)
    const result = await client.authenticate({
      strategy: 'jwt',
      accessToken: session.idToken,
      access_token: session.accessToken,
    })
    // The account's language (SPEC §1: chosen on /account/preferences) holds from here on in this run, and is cached
    // for the next runs' help and early messages; --lang still wins for its command.
    ctx.store.rememberLocale(ctx.server, result.user.locale)
    if (followLanguage && ctx.language.followAccount(result.user.locale)) ctx.debug(`language ${ctx.lang} (the account's)`)
    return { client, user: result.user, close: () => client.close() }
  } catch (error) {
    client.close()
    const cliError = toCliError(error, ctx.server)
    if (cliError instanceof NotSignedInError) ctx.store.forget(ctx.server)
    throw cliError
  }
}
