import type { Command } from 'commander'
import { createContext, type CliDeps, type CommandContext, type GlobalOptions } from '../context'
import type { CliLanguage, Translate } from '../i18n'
import type { Services } from '../services/index'

/** What every command file gets: translator, services, and a way to build the verb's context. */
export interface CommandEnv {
  t: Translate
  language: CliLanguage
  services: Services
  /** Wraps a verb: builds its context from the global flags, then runs it with its parsed command. */
  action(run: (ctx: CommandContext, command: Command) => Promise<void>): (...args: unknown[]) => Promise<void>
}

/** Creates the command environment of one run. */
export function createCommandEnv(deps: CliDeps, services: Services, language: CliLanguage): CommandEnv {
  return {
    t: language.t,
    language,
    services,
    action: (run) => async (...args) => {
      // commander passes the command itself last.
      const command = args[args.length - 1] as Command
      await run(createContext(deps, command.optsWithGlobals<GlobalOptions>(), language), command)
    },
  }
}

/** The "Examples:" block of a command's help. */
export function examples(t: Translate, lines: string[]): string {
  return `\n${t('program.examples')}\n${lines.map((line) => `  $ ${line}`).join('\n')}\n`
}
