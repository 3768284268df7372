import type { Command } from 'commander'
import { examples, type CommandEnv } from '../env'
import { fonItemId } from './options'

/** `portal fon resolve ID --remark "…"` and `portal fon reopen ID`. */
export function registerFonResolve(fon: Command, env: CommandEnv): void {
  const { t } = env
  fon
    .command('resolve')
    .description(t('fon:cli.resolve'))
    .argument('<id>', 'ID')
    .requiredOption('--remark <text>', t('fon:cli.optRemark'))
    .addHelpText('after', examples(t, ['portal fon resolve 42 --remark "Eingang beim FA telefonisch bestätigt"']))
    .action(env.action((ctx, command) => env.services.resolveFon(ctx, fonItemId(command.args[0]), command.opts<{ remark: string }>().remark)))
  fon
    .command('reopen')
    .description(t('fon:cli.reopen'))
    .argument('<id>', 'ID')
    .addHelpText('after', examples(t, ['portal fon reopen 42']))
    .action(env.action((ctx, command) => env.services.reopenFon(ctx, fonItemId(command.args[0]))))
}
