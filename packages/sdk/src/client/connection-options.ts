import type { ManagerOptions, SocketOptions } from 'socket.io-client'
import { AUTH_DEFAULTS, CALL_TIMEOUT_MS, REALTIME_RECONNECTION, REFRESH_INTERVAL_MS, TOKEN_MIN_VALIDITY_S } from '../domain/constants'

/** Socket.io options of the portal connection (SPEC §9): websocket only, reconnect for ever with back-off. */
export const socketOptions: Partial<ManagerOptions & SocketOptions> = {
  ...REALTIME_RECONNECTION,
  transports: [...REALTIME_RECONNECTION.transports],
  reconnection: true,
}

/** Time-out of one service call in ms (socketio-client's `timeout`). */
export const CALL_TIMEOUT = CALL_TIMEOUT_MS

/** Token refresh check period in ms. */
export const TOKEN_REFRESH_INTERVAL_MS = REFRESH_INTERVAL_MS

/** Minimum validity in seconds below which the token is refreshed. */
export const TOKEN_MIN_VALIDITY_SECONDS = TOKEN_MIN_VALIDITY_S

/** Key under which the backend access token is stored (authentication-client's default). */
export const ACCESS_TOKEN_STORAGE_KEY = 'feathers-jwt'

/** Authentication path and strategy of the portal (SPEC §9). */
export const AUTHENTICATION = { path: AUTH_DEFAULTS.path, strategy: AUTH_DEFAULTS.strategy } as const
