import { mkdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import envPaths from 'env-paths'
import { writeFileSync } from 'atomically'

/** Tokens of one signed-in server, as the identity provider handed them out. */
export interface StoredSession {
  /** The identity token: the backend session is created from it (SPEC §7). */
  idToken: string
  accessToken: string
  refreshToken?: string
  /** When the access token expires, in ms since the epoch. */
  expiresAt: number
  /** OIDC issuer the tokens came from. */
  issuer: string
  /**
   * The account's own language as the server last answered it (en, de): the CLI speaks it before it has asked the
   * server again, so help and offline errors follow the account too.
   */
  locale?: string
}

interface StoreShape {
  /** The server used when --server is not given: the last one signed in to. */
  server?: string
  sessions: Record<string, StoredSession>
}

/** Where the CLI keeps its server and tokens: a conf file readable only by its owner (mode 0600). */
export interface SessionStore {
  /** The default server (last sign-in), if any. */
  defaultServer(): string | undefined
  /** The session of a server, if signed in there. */
  get(server: string): StoredSession | undefined
  /** Saves the session of a server and makes it the default. */
  save(server: string, session: StoredSession): void
  /** Remembers the account's language with the session of a server (nothing when not signed in there). */
  rememberLocale(server: string, locale: string): void
  /** Forgets the session of a server. */
  forget(server: string): void
  /** The file the store lives in. */
  path: string
}

/** The store's contents; an absent file is an empty store, an unreadable one too (the next sign-in rewrites it). */
function readShape(path: string): StoreShape {
  try {
    const shape = JSON.parse(readFileSync(path, 'utf8')) as Partial<StoreShape>
    return { ...shape, sessions: shape.sessions ?? {} }
  } catch {
    return { sessions: {} }
  }
}

/**
 * Opens the store in `dir` (PORTAL_CONFIG_DIR) or the user's config directory (where the conf package kept it before:
 * ~/.config/portal/portal.json on Linux). Plain JSON read with node:fs and written atomically (write, then rename) with
 * mode 0600: every run reads it for the language, and conf's schema validator (ajv, semver) cost a tenth of a second
 * of each `portal --help` (issue 38).
 */
export function openSessionStore(dir: string | undefined): SessionStore {
  const folder = dir ?? envPaths('portal', { suffix: '' }).config
  const path = join(folder, 'portal.json')
  let shape = readShape(path)
  const write = (next: StoreShape) => {
    shape = next
    mkdirSync(folder, { recursive: true })
    writeFileSync(path, `${JSON.stringify(shape, null, '\t')}\n`, { mode: 0o600 })
  }
  return {
    path,
    defaultServer: () => shape.server,
    get: (server) => shape.sessions[server],
    save: (server, session) => write({ server, sessions: { ...shape.sessions, [server]: session } }),
    rememberLocale: (server, locale) => {
      const session = shape.sessions[server]
      if (session && session.locale !== locale) write({ ...shape, sessions: { ...shape.sessions, [server]: { ...session, locale } } })
    },
    forget: (server) => {
      const { [server]: _gone, ...rest } = shape.sessions
      write({ ...(shape.server === server ? {} : { server: shape.server }), sessions: rest })
    },
  }
}
