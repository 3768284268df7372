import type { Command } from 'commander'
import { examples, type CommandEnv } from '../env'

/** `portal tui`: the Ink terminal app. */
export function registerTui(program: Command, env: CommandEnv): void {
  program
    .command('tui')
    .description(env.t('commands.tui'))
    .addHelpText('after', examples(env.t, ['portal tui', 'portal tui --lang de']))
    .action(env.action((ctx) => env.services.tui(ctx)))
}
