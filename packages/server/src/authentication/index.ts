import { AuthenticationService, type AuthenticationResult } from '@feathersjs/authentication'
import type { HookContext, NextFunction } from '@feathersjs/feathers'
import { AUTHENTICATION_STRATEGY, authenticationErrorKeys, authenticationEvents, authenticationPath } from '@portal/sdk/services'
import type { Application } from '../declarations'
import { authenticationError } from './errors'
import { configureSessionEnd, endSessions } from './session-end'
import { OidcJwtStrategy, type SessionAlive } from './strategy'
import { tokenHash } from './token-hash'
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
  /** Whether a token's session (grant) still lives at the provider; the embedded provider can tell. */
  sessionAlive?: SessionAlive
  /** Subscribes to grants the provider revokes (logout there, a revoked refresh token), to end their sessions. */
  onGrantRevoked?: (listener: (grantId: string) => void) => void
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
  const strategy = new OidcJwtStrategy(options.verifier, app.get('knex'), options.sessionAlive)
  service.register(AUTHENTICATION_STRATEGY, strategy)
  // `ended` tells the other connections of a session that it is over (see session-end.ts).
  app.use(authenticationPath, service, { events: [...authenticationEvents] })
  app.service(authenticationPath).hooks({
    around: {
      remove: [
        async (context: HookContext, next: NextFunction) => {
          // A caller without a session has nothing to sign out of (Feathers would fail reading its token: a 500).
          if (context.params.provider && !context.params.authentication) throw authenticationError(authenticationErrorKeys.missingToken)
          await next()
          const token = (context.result as { accessToken?: string } | undefined)?.accessToken
          if (!token) return
          await strategy.forget(token)
          // The connection that signed out needs no notice: detach it now (Feathers would a moment later).
          const { connection } = context.params
          if (connection) await strategy.handleConnection('logout', connection, context.result as AuthenticationResult)
          // Logout ends the session, not just this connection: every connection signed in with the token.
          endSessions(app, { tokenHash: tokenHash(token) })
        },
      ],
    },
  })
  configureSessionEnd(app, strategy)
  options.onGrantRevoked?.((grantId) => endSessions(app, { grantId }))
  app.hooks({ around: { all: [authenticateCalls(service)] } })
  // A changed user (language, rights, companies, disabled) must not be served from the session cache.
  app.mixins.push((registered, path) => {
    if (path !== 'users') return
    const users = registered as unknown as { on(event: string, listener: () => void): void }
    for (const event of ['patched', 'updated', 'removed']) users.on(event, () => strategy.clearSessions())
  })
}
