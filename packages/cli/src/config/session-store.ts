import Conf from 'conf'

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

/** Opens the store in `dir` (PORTAL_CONFIG_DIR) or the user's config directory. */
export function openSessionStore(dir: string | undefined): SessionStore {
  const conf = new Conf<StoreShape>({
    projectName: 'portal',
    projectSuffix: '',
    configName: 'portal',
    ...(dir ? { cwd: dir } : {}),
    configFileMode: 0o600,
    defaults: { sessions: {} },
  })
  return {
    path: conf.path,
    defaultServer: () => conf.get('server'),
    get: (server) => conf.get('sessions')[server],
    save: (server, session) => {
      conf.set('sessions', { ...conf.get('sessions'), [server]: session })
      conf.set('server', server)
    },
    rememberLocale: (server, locale) => {
      const sessions = conf.get('sessions')
      const session = sessions[server]
      if (session && session.locale !== locale) conf.set('sessions', { ...sessions, [server]: { ...session, locale } })
    },
    forget: (server) => {
      const { [server]: _gone, ...rest } = conf.get('sessions')
      conf.set('sessions', rest)
      if (conf.get('server') === server) conf.delete('server')
    },
  }
}
