import type { Command } from 'commander'
import { examples, type CommandEnv } from '../env'
import { batchId } from './options'

/** `portal export download BATCH [-o FILE]`, `portal export mark-imported BATCH`, `portal export revoke BATCH`. */
export function registerExportBatchVerbs(exportCommand: Command, env: CommandEnv): void {
  const { t } = env
  exportCommand
    .command('download')
    .description(t('erp:cli.commands.download'))
    .argument('<batch>', t('erp:cli.options.batch'))
    .option('-o, --output <file>', t('erp:cli.options.output'))
    .addHelpText('after', examples(t, ['portal export download 12 -o jaenner.zip']))
    .action(env.action((ctx, command) => env.services.downloadExport(ctx, batchId(command.args[0]), command.opts<{ output?: string }>().output)))
  exportCommand
    .command('mark-imported')
    .description(t('erp:cli.commands.markImported'))
    .argument('<batch>', t('erp:cli.options.batch'))
    .addHelpText('after', examples(t, ['portal export mark-imported 12']))
    .action(env.action((ctx, command) => env.services.markExportImported(ctx, batchId(command.args[0]))))
  exportCommand
    .command('revoke')
    .description(t('erp:cli.commands.revoke'))
    .argument('<batch>', t('erp:cli.options.batch'))
    .addHelpText('after', examples(t, ['portal export revoke 12']))
    .action(env.action((ctx, command) => env.services.revokeExport(ctx, batchId(command.args[0]))))
}
