import type { CliIo } from './io'
import { writeLine } from './io'
import type { CliLanguage, Lang, Translate } from './i18n'
import type { SessionStore } from './config/session-store'
import type { IdentityFactory } from './services/session/identity'
import { CliError } from './errors'

/** The reserved flags every verb accepts (DESIGN.md, CLI). */
export interface GlobalOptions {
  json?: boolean
  server?: string
  lang?: string
  verbose?: boolean
  dryRun?: boolean
}

/** What a CLI run depends on; tests pass their own. */
export interface CliDeps {
  io: CliIo
  /** Opens the token store (a JSON file only its owner can read). */
  openStore(): SessionStore
  identity: IdentityFactory
  now(): number
}

/** Everything a verb's service needs: flags resolved, translator, output channels, dependencies. */
export interface CommandContext extends CliDeps {
  /** Translates in the run's current language (it follows the account once the server has told it). */
  t: Translate
  /** The run's current language. */
  readonly lang: Lang
  /** The run's language and where it came from; `followAccount` switches it to the account's. */
  language: CliLanguage
  json: boolean
  verbose: boolean
  dryRun: boolean
  /** The server URL this run talks to, without trailing slash. */
  server: string
  /** Whether the server was named for this run (--server or PORTAL_SERVER), not remembered or the default. */
  serverNamed: boolean
  store: SessionStore
  /** Writes a status line on stderr (suppressed with --json, so scripts see only data). */
  status(text: string): void
  /** Writes a detail line on stderr with --verbose. */
  debug(text: string): void
  /** Writes data as JSON on stdout. */
  printJson(data: unknown): void
}

/** Server used when none is given and none is remembered. */
export const DEFAULT_SERVER = 'http://localhost:3030'

/** Normalises a server URL; a CliError naming the value when it is not http(s). */
export function normaliseServer(raw: string): string {
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    throw new CliError('errors.badServer', { server: raw }, undefined, 'hints.server')
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new CliError('errors.badServer', { server: raw }, undefined, 'hints.server')
  }
  return `${url.origin}${url.pathname}`.replace(/\/+$/, '')
}

/** Builds the context of one verb from the global flags. */
export function createContext(deps: CliDeps, options: GlobalOptions, language: CliLanguage): CommandContext {
  const store = deps.openStore()
  const named = options.server ?? deps.io.env.PORTAL_SERVER
  const server = normaliseServer(named ?? store.defaultServer() ?? DEFAULT_SERVER)
  const json = options.json === true
  const verbose = options.verbose === true
  return {
    ...deps,
    t: language.t,
    get lang() {
      return language.lang
    },
    language,
    json,
    verbose,
    dryRun: options.dryRun === true,
    server,
    serverNamed: named !== undefined,
    store,
    status: (text) => {
      if (!json) writeLine(deps.io.stderr, text)
    },
    debug: (text) => {
      if (verbose) writeLine(deps.io.stderr, text)
    },
    printJson: (data) => writeLine(deps.io.stdout, JSON.stringify(data, null, 2)),
  }
}
