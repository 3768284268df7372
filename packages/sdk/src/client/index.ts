export { createPortalClient } from './create-client'
export type { PortalApplication, PortalClient, PortalClientOptions, SocketFactory } from './create-client'
export { createMemoryStorage, createWebStorage, toFeathersStorage } from './storage'
export type { TokenStorage, WebStorageLike } from './storage'
export { systemClock } from './clock'
export type { Clock } from './clock'
export { startTokenRefresher } from './token-refresher'
export { createLiveQuery, LIVE_EVENTS } from './live-query'
export type { LiveEmitter, LiveEvent, LiveQuery, LiveQueryOptions, LiveQueryState, LiveService, ReconnectSource } from './live-query'
export { createBadgeQueries, EDITOR_BADGE_QUERY, invoiceBadgeQuery } from './badge-queries'
export type { BadgeQueries, BadgeQueriesOptions, BadgeRecord } from './badge-queries'
export type { TokenRefresher, TokenRefresherOptions } from './token-refresher'
export { secondsLeft, tokenExpiry, tokenSubject } from './jwt'
export {
  ACCESS_TOKEN_STORAGE_KEY,
  AUTHENTICATION,
  CALL_TIMEOUT,
  TOKEN_MIN_VALIDITY_SECONDS,
  TOKEN_REFRESH_INTERVAL_MS,
  socketOptions,
} from './connection-options'
export { importFileTooLarge, sendImportFile } from './import-file'
export type { SendImportFileOptions } from './import-file'
export { watchConnection } from './connection-state'
export type { ConnectionState, WatchedSocket } from './connection-state'
