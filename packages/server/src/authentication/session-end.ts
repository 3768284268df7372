import type { RealTimeConnection } from '@feathersjs/feathers'
import { errorData } from '@portal/sdk/errors'
import { SESSION_ENDED_EVENT, authenticationErrorKeys, authenticationPath } from '@portal/sdk/services'
import type { Application } from '../declarations'
import { GRANT_CLAIM } from '../oidc/configuration'
import { tokenHash } from './token-hash'

/**
 * Which sessions end: every connection signed in with one token (by its SHA-256), with any token of one grant, or
 * with any token of one user (`subject`, their keycloakId: disabled, deleted, password reset).
 */
export type EndedSession = { tokenHash: string } | { grantId: string } | { subject: string }

/** What ending a connection's session needs of the strategy. */
export interface SessionKeeper {
  /** Drops every cached session, so the next call asks the database (revoked tokens, live grants) again. */
  clearSessions(): void
  /** Feathers' own clean-up of a connection's authentication (and its expiry timer). */
  handleConnection(event: 'disconnect', connection: RealTimeConnection): Promise<void>
}

/** The claims of a token that was verified when its connection signed in (read without verifying again). */
function claimsOf(token: string): Record<string, unknown> {
  try {
    return JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as Record<string, unknown>
  } catch {
    return {}
  }
}

function belongsTo(connection: RealTimeConnection, ended: EndedSession): boolean {
  const token = (connection as { authentication?: { accessToken?: unknown } }).authentication?.accessToken
  if (typeof token !== 'string') return false
  if ('tokenHash' in ended) return tokenHash(token) === ended.tokenHash
  if ('subject' in ended) return claimsOf(token).sub === ended.subject
  return claimsOf(token)[GRANT_CLAIM] === ended.grantId
}

interface EndedSessionEvents {
  emit(event: string, data: EndedSession): boolean
  on(event: string, listener: (data: EndedSession) => void): unknown
  publish(event: string, publisher: (data: EndedSession) => unknown): unknown
}

function authenticationService(app: Application): EndedSessionEvents {
  return (app as unknown as { service(path: string): EndedSessionEvents }).service(authenticationPath)
}

/**
 * Ends sessions wherever their connections are: the authentication service's `ended` event, which feathers-sync
 * carries to every server instance (REDIS_URL). It names a token hash or a grant, never a token.
 */
export function endSessions(app: Application, ended: EndedSession): void {
  authenticationService(app).emit(SESSION_ENDED_EVENT, ended)
}

/**
 * How an ended session reaches its connections on this instance: each is told (`authentication ended`, so the
 * client runs its usual 401 flow), leaves every channel at once, and loses its authentication, so its next call is
 * refused; the socket stays open for a new sign-in. Call after the authentication service is registered with the
 * `ended` event.
 */
export function configureSessionEnd(app: Application, keeper: SessionKeeper): void {
  const channels = () => (app.channels.length > 0 ? app.channel(app.channels) : undefined)
  const service = authenticationService(app)
  // Publishing picks the connections now, before the listener below takes their authentication away.
  service.publish(SESSION_ENDED_EVENT, (ended) =>
    channels()?.filter((connection) => belongsTo(connection, ended)).send(errorData(authenticationErrorKeys.sessionEnded)),
  )
  service.on(SESSION_ENDED_EVENT, (ended) => {
    keeper.clearSessions()
    const all = channels()
    if (!all) return
    for (const connection of all.connections.filter((candidate) => belongsTo(candidate, ended))) {
      all.leave(connection)
      keeper.handleConnection('disconnect', connection).catch((error: unknown) => {
        app.get('logger').warn({ err: error }, 'ending a connection’s session failed')
      })
    }
  })
}
