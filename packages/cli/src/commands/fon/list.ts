import type { Command } from 'commander'
import { examples, type CommandEnv } from '../env'
import type { ListFonOptions } from '../../services/fon/list'
import { stateOption, yearOption } from './options'

/** `portal fon list [--state S] [--employee EMAIL] [--year Y] [--conflicts]`. */
export function registerFonList(fon: Command, env: CommandEnv): void {
  const { t } = env
  fon
    .command('list')
    .alias('ls')
    .description(t('fon:cli.list'))
    .option('--state <state>', t('fon:cli.optState'), stateOption(t))
    .option('--employee <email>', t('fon:cli.optEmployee'))
    .option('--year <year>', t('fon:cli.optYear'), yearOption(t))
    .option('--conflicts', t('fon:cli.optConflicts'))
    .addHelpText('after', examples(t, ['portal fon list --state dataConflict', 'portal fon list --employee anna@kanzlei.at --year 2025 --json']))
    .action(env.action((ctx, command) => env.services.listFon(ctx, command.opts<ListFonOptions>())))
}
