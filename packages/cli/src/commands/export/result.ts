import type { Command } from 'commander'
import { examples, type CommandEnv } from '../env'
import { clientOption } from './options'

/** `portal export result FILE --client N`. */
export function registerExportResult(exportCommand: Command, env: CommandEnv): void {
  const { t } = env
  exportCommand
    .command('result')
    .description(t('erp:cli.commands.result'))
    .argument('<file>', t('erp:cli.options.file'))
    .requiredOption('-c, --client <number>', t('erp:cli.options.client'), clientOption(t))
    .addHelpText('after', examples(t, ['portal export result ergebnis.csv --client 1001', 'portal export result ergebnis.csv --client 1001 --json']))
    .action(env.action((ctx, command) => env.services.applyExportResult(ctx, { file: String(command.args[0]), client: command.opts<{ client: number }>().client })))
}
