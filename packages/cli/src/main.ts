import { CommanderError } from 'commander'
import type { CliDeps } from './context'
import { CliError } from './errors'
import { ExitCode } from './exit-codes'
import { createTranslator, resolveLang, type Lang, type Translate } from './i18n'
import { createProgram } from './program'
import { defaultServices, type Services } from './services/index'
import { renderFatalError } from './ui'

/** --lang is needed before parsing, because help texts are built in the chosen language. */
function langFlag(argv: string[]): string | undefined {
  for (let index = 0; index < argv.length; index++) {
    const arg = argv[index]
    if (arg === '--lang') return argv[index + 1]
    if (arg.startsWith('--lang=')) return arg.slice('--lang='.length)
  }
  return undefined
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
  let lang: Lang
  try {
    lang = resolveLang(langFlag(argv), deps.io.env)
  } catch (error) {
    return report(deps, createTranslator('en'), error)
  }
  const t = createTranslator(lang)
  const program = createProgram(deps, services, lang, t)
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
