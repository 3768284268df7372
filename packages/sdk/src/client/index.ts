export { createPortalClient } from './create-client'
export type { PortalApplication, PortalClient, PortalClientOptions, SocketFactory } from './create-client'
export { createMemoryStorage, createWebStorage, toFeathersStorage } from './storage'
export type { TokenStorage, WebStorageLike } from './storage'
export { systemClock } from './clock'
export type { Clock } from './clock'
export { startTokenRefresher } from './token-refresher'
export type { TokenRefresher, TokenRefresherOptions } from './token-refresher'
export { secondsLeft, tokenExpiry } from './jwt'
export {
  ACCESS_TOKEN_STORAGE_KEY,
  AUTHENTICATION,
  CALL_TIMEOUT,
  TOKEN_MIN_VALIDITY_SECONDS,
  TOKEN_REFRESH_INTERVAL_MS,
  socketOptions,
} from './connection-options'
