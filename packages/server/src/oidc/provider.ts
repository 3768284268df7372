import type { Knex } from 'knex'
import type { Middleware } from 'koa'
import type { JWK } from 'jose'
import type { ServerConfig } from '../config'
import type { Logger } from '../logger'
import { KnexAdapter, purgeExpiredPayloads } from './adapter'
import { loadProviderSecrets } from './keys'

/** Where the embedded provider lives on the portal's server (Keycloak's URL shape). */
export const PROVIDER_MOUNT_PATH = '/realms/portal'

/** The embedded OpenID Connect provider, ready to mount. */
export interface IdentityProvider {
  /** Koa middleware serving the provider under PROVIDER_MOUNT_PATH; mount it before any body parser. */
  middleware: Middleware
  /** Public signing keys, for verifying identity tokens without an HTTP round trip. */
  publicJwks: { keys: JWK[] }
  /** Keys that sign the provider's cookies; the app's keys must be the same. */
  cookieKeys: string[]
  /** Stops background work (expired-artefact clean-up). */
  close(): void
  /** Whether a grant still exists (not revoked, not expired). */
  grantAlive(grantId: string): Promise<boolean>
  /** Calls `listener` with every grant the provider revokes: logout, a revoked token, a replayed refresh token. */
  onGrantRevoked(listener: (grantId: string) => void): void
}

/**
 * Whether a grant is stored and not expired, as oidc-provider's `Grant.find` decides, without loading it: the adapter
 * leaves out a missing or expired artefact (its row expires with the grant's `exp`), and the stored kind must match.
 */
export async function grantExists(knex: Knex, grantId: string): Promise<boolean> {
  return (await new KnexAdapter(knex, 'Grant').find(grantId))?.kind === 'Grant'
}

/**
 * Creates the embedded provider: keys from the database, our pages, the database adapter, the two clients. The keys
 * are read at start (the authentication service verifies identity tokens with them), but oidc-provider, our sign-in
 * pages and what they use load on the provider's first request: a signed-in client's first call after a restart
 * needs none of it (issue 38: warm start to the first authenticated call).
 */
export async function createIdentityProvider(config: ServerConfig, knex: Knex, logger: Logger): Promise<IdentityProvider> {
  const secrets = await loadProviderSecrets(knex)
  await purgeExpiredPayloads(knex)
  const revokedListeners: ((grantId: string) => void)[] = []
  const grantRevoked = (grantId: string) => {
    for (const listener of revokedListeners) {
      try {
        listener(grantId)
      } catch (error) {
        logger.error({ err: error }, 'ending the sessions of a revoked grant failed')
      }
    }
  }
  let loading: Promise<Middleware> | undefined
  const provider = () =>
    (loading ??= import('./provider-instance')
      .then(({ buildProvider }) => buildProvider({ config, knex, logger, secrets, mountPath: PROVIDER_MOUNT_PATH, grantRevoked }))
      .catch((error: unknown) => {
        loading = undefined
        throw error
      }))
  const middleware: Middleware = async (ctx, next) => {
    if (ctx.path !== PROVIDER_MOUNT_PATH && !ctx.path.startsWith(`${PROVIDER_MOUNT_PATH}/`)) return next()
    return (await provider())(ctx, next)
  }

  const purge = setInterval(() => {
    purgeExpiredPayloads(knex).catch((error: unknown) => logger.warn({ err: error }, 'purging expired sessions failed'))
  }, 60 * 60 * 1000)
  purge.unref()

  return {
    middleware,
    publicJwks: secrets.publicJwks,
    cookieKeys: secrets.cookieKeys,
    close: () => clearInterval(purge),
    grantAlive: (grantId) => grantExists(knex, grantId),
    onGrantRevoked: (listener) => {
      revokedListeners.push(listener)
    },
  }
}
