import type { HookContext, NextFunction } from '@feathersjs/feathers'
import type { Knex } from 'knex'
import type { ServerConfig } from '../config'
import type { Application } from '../declarations'
import type { Logger } from '../logger'
import { GRANT_CLAIM } from '../oidc/configuration'
import { loadCookieKeys } from '../oidc/keys'
import { createIdentityProvider } from '../oidc/provider'
import type { AuthenticationOptions } from './index'
import { createTokenVerifier } from './verifier'

/**
 * Mounts the embedded OIDC provider (unless OIDC_ISSUER names an external one) and sets the app's cookie keys
 * to the provider's persisted ones. Call before the body parser: the provider reads its own request bodies.
 * Returns what the authentication service needs to verify identity tokens.
 */
export async function mountIdentityProvider(app: Application, config: ServerConfig, knex: Knex, logger: Logger): Promise<AuthenticationOptions> {
  if (config.oidcIssuer) {
    const cookieKeys = await loadCookieKeys(knex)
    app.keys = cookieKeys
    return { verifier: createTokenVerifier({ issuer: config.oidcIssuer }), secret: cookieKeys[0] }
  }
  const identity = await createIdentityProvider(config, knex, logger)
  app.keys = identity.cookieKeys
  app.use(identity.middleware)
  app.hooks({
    teardown: [
      async (_context: HookContext, next: NextFunction) => {
        identity.close()
        await next()
      },
    ],
  })
  return {
    verifier: createTokenVerifier({ issuer: config.issuer, jwks: identity.publicJwks }),
    secret: identity.cookieKeys[0],
    // A token whose grant was revoked is refused even before it expires; tokens without the claim only expire.
    sessionAlive: async (payload) => {
      const grantId = payload[GRANT_CLAIM]
      return typeof grantId !== 'string' || (await identity.grantAlive(grantId))
    },
    onGrantRevoked: (listener) => identity.onGrantRevoked(listener),
  }
}
