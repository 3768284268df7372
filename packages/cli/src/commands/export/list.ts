import { Option, type Command } from 'commander'
import type { ErpBatchStatus } from '@portal/sdk/domain'
import { examples, type CommandEnv } from '../env'
import { clientOption, STATUS_CHOICES } from './options'

/** `portal export list --client N [--status S]`. */
export function registerExportList(exportCommand: Command, env: CommandEnv): void {
  const { t } = env
  exportCommand
    .command('list')
    .alias('ls')
    .description(t('erp:cli.commands.list'))
    .requiredOption('-c, --client <number>', t('erp:cli.options.client'), clientOption(t))
    .addOption(new Option('-s, --status <status>', t('erp:cli.options.status')).choices(STATUS_CHOICES))
    .addHelpText('after', examples(t, ['portal export list --client 1001', 'portal export list --client 1001 --status exported --json']))
    .action(env.action((ctx, command) => env.services.listExports(ctx, command.opts<{ client: number; status?: ErpBatchStatus }>())))
}
