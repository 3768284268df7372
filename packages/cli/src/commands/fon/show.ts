import type { Command } from 'commander'
import { examples, type CommandEnv } from '../env'
import { fonItemId } from './options'

/** `portal fon show ID`. */
export function registerFonShow(fon: Command, env: CommandEnv): void {
  fon
    .command('show')
    .description(env.t('fon:cli.show'))
    .argument('<id>', 'ID')
    .addHelpText('after', examples(env.t, ['portal fon show 42']))
    .action(env.action((ctx, command) => env.services.showFon(ctx, fonItemId(command.args[0]))))
}
