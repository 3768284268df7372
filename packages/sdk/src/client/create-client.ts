import { feathers, type Application } from '@feathersjs/feathers'
import socketio from '@feathersjs/socketio-client'
import authentication from '@feathersjs/authentication-client'
import { io as connectSocket, type ManagerOptions, type Socket, type SocketOptions } from 'socket.io-client'
import type { ServiceTypes } from '../services/index'
import { serviceRegistrations } from '../services/table'
import { SESSION_ENDED_EVENT, authenticationPath, type AuthenticationRequest, type AuthenticationResult } from '../services/authentication'
import { systemClock, type Clock } from './clock'
import {
  ACCESS_TOKEN_STORAGE_KEY,
  AUTHENTICATION,
  CALL_TIMEOUT,
  TOKEN_MIN_VALIDITY_SECONDS,
  TOKEN_REFRESH_INTERVAL_MS,
  socketOptions,
} from './connection-options'
import { createMemoryStorage, toFeathersStorage, type TokenStorage } from './storage'
import { startTokenRefresher } from './token-refresher'

/** The Feathers client application with every portal service typed. */
export type PortalApplication = Application<ServiceTypes>

/** Opens a socket.io connection; a parameter so tests and other runtimes can supply their own. */
export type SocketFactory = (url: string, options: Partial<ManagerOptions & SocketOptions>) => Socket

/** Options of createPortalClient. */
export interface PortalClientOptions {
  /** Base URL of the portal server, e.g. http://localhost:3030. */
  url: string
  /** Where the access token is kept; memory when omitted. */
  storage?: TokenStorage
  /** socket.io-client's `io`, or a substitute. */
  io?: SocketFactory
  /** Time source for the token refresher. */
  clock?: Clock
  /** Obtains a fresh identity token when the current one is about to expire (e.g. the OIDC refresh). */
  refresh?: (current: string) => Promise<string | null>
  /** Told about refresh failures, which are otherwise only logged (SPEC §8). */
  onRefreshError?: (error: unknown) => void
}

/** A connected portal client: typed services, session handling and token refresh. */
export interface PortalClient {
  /** The Feathers application; `app.service(path)` is typed by ServiceTypes. */
  app: PortalApplication
  /** The underlying socket, for connection state and low-level events. */
  socket: Socket
  /** Typed access to a service, with its events (on/off 'created', 'patched', …). */
  service: PortalApplication['service']
  /** Signs in with the identity token: create /authentication {strategy: 'jwt', accessToken}. */
  authenticate(request: AuthenticationRequest): Promise<AuthenticationResult>
  /** Signs in again with the stored token; rejects with 'No accessToken found in storage' when there is none. */
  reAuthenticate(force?: boolean): Promise<AuthenticationResult>
  /** Ends the backend session and forgets the stored token. */
  logout(): Promise<AuthenticationResult | null>
  /** Runs one token refresh check now; true when a new token was put to use. */
  refreshToken(): Promise<boolean>
  /** Stops the refresher and closes the connection. */
  close(): void
}

/** Connects to the portal over a websocket-only socket.io connection (SPEC §7, §9). */
export function createPortalClient(options: PortalClientOptions): PortalClient {
  const storage = options.storage ?? createMemoryStorage()
  const clock = options.clock ?? systemClock
  const socket = (options.io ?? connectSocket)(options.url, socketOptions)
  const app: PortalApplication = feathers<ServiceTypes>()
  const connection = socketio(socket, { timeout: CALL_TIMEOUT })
  app.configure(connection)
  // Registering each path with its methods makes custom methods callable and events typed.
  // The registry is a plain list, so it is registered through the untyped view of the same app.
  const untyped = app as unknown as Application
  for (const { path, methods } of serviceRegistrations) {
    untyped.use(path, connection.service(path), { methods: [...methods] })
  }
  // authentication-client re-authenticates on reconnect and drops the stored token on 401-407 (SPEC §8).
  app.configure(
    authentication({
      storage: toFeathersStorage(storage),
      storageKey: ACCESS_TOKEN_STORAGE_KEY,
      path: AUTHENTICATION.path,
      jwtStrategy: AUTHENTICATION.strategy,
    }),
  )

  // The server ended this session elsewhere (signed out on another connection with the same token, or revoked at
  // the identity provider). Signing in again with the stored token is refused with 401, which drops the token and
  // runs the error hooks as every 401 does (SPEC §8); without a stored token (signed out here) it only resets.
  socket.on(`${authenticationPath} ${SESSION_ENDED_EVENT}`, () => {
    app.reAuthenticate(true).catch(() => undefined)
  })

  const authenticate = (request: AuthenticationRequest) =>
    app.authenticate(request) as Promise<AuthenticationResult>

  const refresh = options.refresh
  const refresher = refresh
    ? startTokenRefresher({
        clock,
        intervalMs: TOKEN_REFRESH_INTERVAL_MS,
        minValiditySeconds: TOKEN_MIN_VALIDITY_SECONDS,
        currentToken: async () => (await storage.get(ACCESS_TOKEN_STORAGE_KEY)) ?? null,
        refresh,
        apply: async (token) => {
          await authenticate({ strategy: 'jwt', accessToken: token })
        },
        onError: options.onRefreshError ?? ((error) => console.warn('Token refresh failed', error)),
      })
    : null

  return {
    app,
    socket,
    service: (path) => app.service(path),
    authenticate,
    reAuthenticate: (force = false) => app.reAuthenticate(force) as Promise<AuthenticationResult>,
    logout: () => app.logout() as Promise<AuthenticationResult | null>,
    refreshToken: () => refresher?.check() ?? Promise.resolve(false),
    close: () => {
      refresher?.stop()
      socket.close()
    },
  }
}
