import type { Knex } from 'knex'
import type { Middleware } from 'koa'
import mount from 'koa-mount'
import Provider from 'oidc-provider'
import type { ServerConfig } from '../config'
import type { Logger } from '../logger'
import { CLIENT_IDS, ROUTES, providerConfiguration } from './configuration'
import { interactionRoutes, logoutByPost } from './interactions'
import type { ProviderSecrets } from './keys'
import { trackDeviceActivity } from './device-activity'

/** What the provider is built from (see provider.ts, which loads this module on the provider's first request). */
export interface ProviderProps {
  config: ServerConfig
  knex: Knex
  logger: Logger
  secrets: ProviderSecrets
  mountPath: string
  /** Told every grant the provider revokes: logout, a revoked token, a replayed refresh token. */
  grantRevoked(grantId: string): void
}

// Any page of the portal may be where a sign-in starts or a logout returns to: allow every URL under PUBLIC_URL.
function underPortal(publicUrl: string, uri: string): boolean {
  if (uri.includes('#')) return false
  return uri === publicUrl || uri.startsWith(`${publicUrl}/`)
}

/** Builds oidc-provider with our pages, the database adapter and the two clients; answers its Koa middleware. */
export function buildProvider({ config, knex, logger, secrets, mountPath, grantRevoked }: ProviderProps): Middleware {
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
  provider.on('grant.revoked', (_ctx: unknown, grantId: string) => grantRevoked(grantId))
  return mount(mountPath, provider)
}
