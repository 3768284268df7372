import { AuthenticationService } from '@feathersjs/authentication'
import type { HookContext, NextFunction } from '@feathersjs/feathers'
import { AUTHENTICATION_STRATEGY, authenticationPath } from '@portal/sdk/services'
import type { Application } from '../declarations'
import { OidcJwtStrategy } from './strategy'
import type { TokenVerifier } from './verifier'

export { createTokenVerifier, type TokenVerifier } from './verifier'
export { loadSessionUser, companiesOfUser } from './session-user'

declare module '../declarations' {
  interface ServiceTypes {
    authentication: AuthenticationService
  }
}

/** Options of configureAuthentication. */
export interface AuthenticationOptions {
  verifier: TokenVerifier
  /** Persisted random secret; Feathers insists on one although the portal never signs its own tokens. */
  secret: string
}

/**
 * Authenticates every external call that carries authentication (a socket's stored token), so params.user is
 * set for the policy; calls without it go on unauthenticated and the policy refuses what needs a session.
 */
export function authenticateCalls(service: AuthenticationService) {
  return async (context: HookContext, next: NextFunction): Promise<void> => {
    const { params } = context
    if (context.path !== authenticationPath && params.provider && params.authentication && !params.authenticated) {
      const { provider: _provider, authentication, ...rest } = params
      const { accessToken: _accessToken, ...result } = await service.authenticate(authentication, rest, AUTHENTICATION_STRATEGY)
      context.params = { ...params, ...result, authenticated: true }
    }
    await next()
  }
}

/** Registers the `authentication` service (create signs in with an identity token, remove signs out). */
export function configureAuthentication(app: Application, options: AuthenticationOptions): void {
  app.set('authentication', {
    secret: options.secret,
    // The user is not a Feathers entity service: the strategy builds the SessionUser itself.
    entity: null,
    authStrategies: [AUTHENTICATION_STRATEGY],
    jwtOptions: {},
  })
  const service = new AuthenticationService(app)
  const strategy = new OidcJwtStrategy(options.verifier, app.get('knex'))
  service.register(AUTHENTICATION_STRATEGY, strategy)
  app.use(authenticationPath, service)
  app.service(authenticationPath).hooks({
    after: {
      remove: [
        async (context: HookContext) => {
          const token = (context.result as { accessToken?: string } | undefined)?.accessToken
          if (token) await strategy.forget(token)
        },
      ],
    },
  })
  app.hooks({ around: { all: [authenticateCalls(service)] } })
  // A changed user (language, rights, companies, disabled) must not be served from the session cache.
  app.mixins.push((registered, path) => {
    if (path !== 'users') return
    const users = registered as unknown as { on(event: string, listener: () => void): void }
    for (const event of ['patched', 'updated', 'removed']) users.on(event, () => strategy.clearSessions())
  })
}
