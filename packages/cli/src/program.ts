import { Command, Help, Option } from 'commander'
import { APP_VERSION } from '@portal/sdk/domain'
import type { CliDeps } from './context'
import { DEFAULT_SERVER } from './context'
import type { CliLanguage, Translate } from './i18n'
import type { Services } from './services/index'
import { createCommandEnv, examples } from './commands/env'
import { translateUsageError } from './usage-errors'
import { registerLogin } from './commands/auth/login'
import { registerLogout } from './commands/auth/logout'
import { registerWhoami } from './commands/auth/whoami'
import { registerClients } from './commands/clients/index'
import { registerTui } from './commands/tui/tui'
import { registerUpload } from './commands/upload/upload'
import { registerExport } from './commands/export/index'
import { registerScanners } from './commands/scanners/index'
import { registerUsers } from './commands/users/index'
import { registerFon } from './commands/fon/index'
import { registerBank } from './commands/bank/index'
import { registerRequests } from './commands/requests/index'
import { registerPayments } from './commands/payments/index'

const TITLES: Record<string, string> = {
  'Usage:': 'program.titles.usage',
  'Options:': 'program.titles.options',
  'Commands:': 'program.titles.commands',
  'Arguments:': 'program.titles.arguments',
  'Global Options:': 'program.titles.globalOptions',
}

/** Help in the user's language: translated titles, and descriptions that already name defaults and choices. */
function translatedHelp(t: Translate): Partial<Help> {
  return {
    styleTitle: (title: string) => (TITLES[title] ? t(TITLES[title]) : title),
    optionDescription: (option) => option.description,
    argumentDescription: (argument) => argument.description,
    // commander writes "[options]" and "[command]" into usage lines; they are words of the help's language too.
    commandUsage(this: Help, command) {
      return localiseTokens(Help.prototype.commandUsage.call(this, command), t)
    },
    subcommandTerm(this: Help, command) {
      return localiseTokens(Help.prototype.subcommandTerm.call(this, command), t)
    },
  }
}

/** A usage line with commander's English placeholders in the user's language. */
function localiseTokens(text: string, t: Translate): string {
  return text.replaceAll('[options]', t('program.tokens.options')).replaceAll('[command]', t('program.tokens.command'))
}

/** Builds the `portal` command tree: one folder per noun, one file per verb. */
export function createProgram(deps: CliDeps, services: Services, language: CliLanguage): Command {
  const { t } = language
  const env = createCommandEnv(deps, services, language)
  const program = new Command('portal')
    .description(t('program.description'))
    .version(t('program.versionText', { version: APP_VERSION.text, build: APP_VERSION.build }), '-V, --version', t('program.version'))
    .helpOption('-h, --help', t('program.help'))
    .helpCommand('help [command]', t('program.help'))
    .configureHelp(translatedHelp(t))
    .option('--json', t('options.json'))
    .option('--server <url>', t('options.server', { fallback: DEFAULT_SERVER }))
    .addOption(new Option('--lang <lang>', t('options.lang')))
    .option('--verbose', t('options.verbose'))
    .option('--dry-run', t('options.dryRun'))
    .showSuggestionAfterError(true)
    .addHelpText(
      'after',
      examples(t, ['portal login', 'portal clients list', 'portal upload ./scans --client 1001', 'portal tui']),
    )
    .exitOverride()
    .configureOutput({
      writeOut: (text) => deps.io.stdout.write(text),
      writeErr: (text) => deps.io.stderr.write(text),
      outputError: (text, write) => write(translateUsageError(text, t)),
    })
  registerLogin(program, env)
  registerLogout(program, env)
  registerWhoami(program, env)
  registerClients(program, env)
  registerUpload(program, env)
  registerExport(program, env)
  registerScanners(program, env)
  registerUsers(program, env)
  registerFon(program, env)
  registerBank(program, env)
  registerRequests(program, env)
  registerPayments(program, env)
  registerTui(program, env)
  return program
}
