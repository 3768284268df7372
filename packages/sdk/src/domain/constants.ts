/** Backend call time-out (§9). */
export const CALL_TIMEOUT_MS = 120_000

/** socket.io reconnection settings (§9): websocket only, unlimited attempts. */
export const REALTIME_RECONNECTION = {
  reconnectionDelay: 1000,
  reconnectionDelayMax: 5000,
  randomizationFactor: 0.5,
  reconnectionAttempts: Infinity,
  timeout: 20_000,
  transports: ['websocket'],
} as const

/** How often the identity token is checked for refresh and the version compared (§9). */
export const REFRESH_INTERVAL_MS = 60_000

/** A token with less validity than this is refreshed (§9: 80 s). */
export const TOKEN_MIN_VALIDITY_S = 80

/** How often the server's frontend version is compared (§4: each minute). */
export const VERSION_CHECK_INTERVAL_MS = REFRESH_INTERVAL_MS

/** Feathers authentication-client defaults (§9). */
export const AUTH_DEFAULTS = {
  header: 'Authorization',
  scheme: 'Bearer',
  locationKey: 'access_token',
  locationErrorKey: 'error',
  strategy: 'jwt',
  path: '/authentication',
} as const

/** Identity provider timings (§9). */
export const IDENTITY = {
  sessionCheckIntervalMs: 5000,
  messageTimeoutMs: 10_000,
  minTokenValidityS: 5,
  pendingLoginTtlMs: 60 * 60 * 1000,
} as const

/** PKCE and login defaults (§9). */
export const PKCE = {
  verifierLength: 96,
  method: 'S256',
  responseMode: 'fragment',
  flow: 'standard',
} as const

/** Snackbar timings (§4, §9). */
export const SNACKBAR = {
  defaultTimeoutMs: 5000,
  stepMs: 1000,
  maxTimeoutMs: 10_000,
} as const

/** Deleted documents are purged after this many days (§2, §9). */
export const TRASH_RETENTION_DAYS = 30

/** Company register search input is cut after this many characters (§5, §9). */
export const REGISTER_SEARCH_MAX_LENGTH = 50

/** Navigation drawer width and rail width in px (§2, §9). */
export const DRAWER = { width: 300, railWidth: 56 } as const

/** Max height of menus and selects in px (§9). */
export const MENU_MAX_HEIGHT = 310

/** Layout breakpoints (§9): each value is the exclusive upper bound in px (xs is below 600, ...). */
export const BREAKPOINTS = { xs: 600, sm: 960, md: 1280, lg: 1920, xl: 2560 } as const

/** A breakpoint name. */
export type Breakpoint = keyof typeof BREAKPOINTS

/** Breakpoint up to which (inclusive) the layout counts as mobile (§9). */
export const MOBILE_BREAKPOINT: Breakpoint = 'lg'

const BREAKPOINT_ORDER = Object.keys(BREAKPOINTS) as Breakpoint[]

/** The breakpoint a viewport width falls into; widths of 2560 and above count as xl. */
export function breakpointOf(width: number): Breakpoint {
  return BREAKPOINT_ORDER.find((name) => width < BREAKPOINTS[name]) ?? 'xl'
}

/** True when the layout is mobile: the breakpoint is at or below MOBILE_BREAKPOINT, as the source toolkit counts it. */
export function isMobileWidth(width: number): boolean {
  return BREAKPOINT_ORDER.indexOf(breakpointOf(width)) <= BREAKPOINT_ORDER.indexOf(MOBILE_BREAKPOINT)
}

/** Product version and build (§1, §9). */
export const APP_VERSION = { major: 1, minor: 6, patch: 6, build: 307, text: '1.6.6' } as const

/** Product name the UI calls itself (§1). */
export const PRODUCT_NAME = 'Portal'

/** Primary brand colour (§1). */
export const PRIMARY_COLOR = '#336699'

/** Local-storage key of the theme; values '0' (light) or '1' (dark) (§9). */
export const DARK_MODE_STORAGE_KEY = 'dark-mode'

/** Theme when neither storage nor the system preference says otherwise (§9). */
export const DEFAULT_THEME = 'light' as const

/** Keyboard: Ctrl+Up / Ctrl+Down go to the previous / next invoice; access keys of the top bar (§2, §9). */
export const SHORTCUTS = {
  previousInvoice: 'Ctrl+ArrowUp',
  nextInvoice: 'Ctrl+ArrowDown',
  accessKeys: { selectCompany: 'f', s: 's', p: 'p', l: 'l' },
} as const

/** Route `client` value meaning "no company selected" (§2). */
export const NO_CLIENT = '0'

/** Route `document_id` when missing (§2). */
export const NO_DOCUMENT_ID = 0
