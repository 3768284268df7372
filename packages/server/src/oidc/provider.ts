import type { Knex } from 'knex'
import type { Middleware } from 'koa'
import mount from 'koa-mount'
import Provider from 'oidc-provider'
import type { JWK } from 'jose'
import type { ServerConfig } from '../config'
import type { Logger } from '../logger'
import { purgeExpiredPayloads } from './adapter'
import { CLIENT_IDS, ROUTES, providerConfiguration } from './configuration'
import { interactionRoutes, logoutByPost } from './interactions'
import { loadProviderSecrets } from './keys'
import { trackDeviceActivity } from './device-activity'

/** Where the embedded provider lives on the portal's server (Keycloak's realm URL shape). */
export const PROVIDER_MOUNT_PATH = '/realms/portal'

/** The embedded OpenID Connect provider, ready to mount. */
export interface IdentityProvider {
  provider: Provider
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

// Any page of the portal may be where a sign-in starts or a logout returns to: allow every URL under PUBLIC_URL.
function underPortal(publicUrl: string, uri: string): boolean {
  if (uri.includes('#')) return false
  return uri === publicUrl || uri.startsWith(`${publicUrl}/`)
}

/** Creates the embedded provider: keys from the database, our pages, the database adapter, the two clients. */
export async function createIdentityProvider(config: ServerConfig, knex: Knex, logger: Logger): Promise<IdentityProvider> {
  const secrets = await loadProviderSecrets(knex)
  await purgeExpiredPayloads(knex)
  const provider = new Provider(config.issuer, providerConfiguration({ issuer: config.issuer, publicUrl: config.publicUrl, knex, secrets }))
  // Behind a reverse proxy the client's address comes from X-Forwarded-For (per-address sign-in throttling).
  provider.proxy = config.trustProxy

  const { redirectUriAllowed, postLogoutRedirectUriAllowed } = provider.Client.prototype
  provider.Client.prototype.redirectUriAllowed = function allowed(this: InstanceType<typeof provider.Client>, uri: string) {
    return redirectUriAllowed.call(this, uri) || (this.clientId === CLIENT_IDS.web && underPortal(config.publicUrl, uri))
  }
  provider.Client.prototype.postLogoutRedirectUriAllowed = function allowed(this: InstanceType<typeof provider.Client>, uri: string) {
    return postLogoutRedirectUriAllowed.call(this, uri) || (this.clientId === CLIENT_IDS.web && underPortal(config.publicUrl, uri))
  }

  provider.use(logoutByPost(ROUTES.end_session))
  provider.use(
    interactionRoutes({ provider, knex, baseUrl: `${config.issuer}/interaction`, portalUrl: config.publicUrl, logger, dataDir: config.dataDir }),
  )
  trackDeviceActivity(provider, knex, logger)
  provider.on('server_error', (_ctx, error) => logger.error({ err: error }, 'identity provider error'))

  const purge = setInterval(() => {
    purgeExpiredPayloads(knex).catch((error: unknown) => logger.warn({ err: error }, 'purging expired sessions failed'))
  }, 60 * 60 * 1000)
  purge.unref()

  return {
    provider,
    middleware: mount(PROVIDER_MOUNT_PATH, provider),
    publicJwks: secrets.publicJwks,
    cookieKeys: secrets.cookieKeys,
    close: () => clearInterval(purge),
    grantAlive: async (grantId) => (await provider.Grant.find(grantId)) !== undefined,
    onGrantRevoked: (listener) => {
      provider.on('grant.revoked', (_ctx: unknown, grantId: string) => {
        try {
          listener(grantId)
        } catch (error) {
          logger.error({ err: error }, 'ending the sessions of a revoked grant failed')
        }
      })
    },
  }
}
