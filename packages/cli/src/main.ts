import { CommanderError } from 'commander'
import { DEFAULT_SERVER, normaliseServer, type CliDeps } from './context'
import { CliError } from './errors'
import { ExitCode } from './exit-codes'
import { createCliLanguage, createTranslator, type CliLanguage, type Translate } from './i18n'
import { createProgram } from './program'
import { defaultServices, type Services } from './services/index'
import { renderFatalError } from './ui'

/** A global flag's value before parsing (--lang and --server choose the language help texts are built in). */
function globalFlag(argv: string[], name: string): string | undefined {
  for (let index = 0; index < argv.length; index++) {
    const arg = argv[index]
    if (arg === name) return argv[index + 1]
    if (arg.startsWith(`${name}=`)) return arg.slice(name.length + 1)
  }
  return undefined
}

/** The language the account signed in at this run's server chose, as last cached with its tokens. */
function cachedAccountLang(argv: string[], deps: CliDeps): string | undefined {
  try {
    const store = deps.openStore()
    const server = normaliseServer(globalFlag(argv, '--server') ?? deps.io.env.PORTAL_SERVER ?? store.defaultServer() ?? DEFAULT_SERVER)
    return store.get(server)?.locale
  } catch {
    // A bad --server or an unreadable store is reported by the command itself, in the shell's language.
    return undefined
  }
}

function report(deps: CliDeps, t: Translate, error: unknown, verbose = false): ExitCode {
  if (error instanceof CliError) {
    renderFatalError(deps.io.stderr, t(error.key, error.params), error.hintKey ? t(error.hintKey) : undefined)
    return error.exitCode
  }
  // A bug, not something the user can fix: say so, with the details behind --verbose.
  const message = error instanceof Error ? error.message : String(error)
  renderFatalError(deps.io.stderr, t('errors.unexpected', { message }), t('hints.verbose'))
  if (deps.io.env.PORTAL_DEBUG || verbose) {
    deps.io.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`)
  }
  return ExitCode.error
}

/** Runs `portal` with the given argv (node, script, ...args) and answers the exit code. */
export async function runPortal(argv: string[], deps: CliDeps, services: Services = defaultServices): Promise<ExitCode> {
  let language: CliLanguage
  try {
    language = createCliLanguage(globalFlag(argv, '--lang'), deps.io.env, cachedAccountLang(argv, deps))
  } catch (error) {
    return report(deps, createTranslator('en'), error)
  }
  const { t } = language
  const program = createProgram(deps, services, language)
  try {
    await program.parseAsync(argv)
    return ExitCode.ok
  } catch (error) {
    if (error instanceof CommanderError) {
      // Help and version end with exitCode 0; usage errors were already printed by commander.
      return error.exitCode === 0 ? ExitCode.ok : ExitCode.error
    }
    return report(deps, t, error, argv.includes('--verbose'))
  }
}
