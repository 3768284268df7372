import { Option, type Command } from 'commander'
import type { ErpExportFormat } from '@portal/sdk/domain'
import { examples, type CommandEnv } from '../env'
import { clientOption, dateOption, FORMAT_CHOICES, periodOption } from './options'

/** `portal export create --client N (--period YYYY-MM | --from D --to D) --format F [-o FILE]`. */
export function registerExportCreate(exportCommand: Command, env: CommandEnv): void {
  const { t } = env
  exportCommand
    .command('create')
    .description(t('erp:cli.commands.create'))
    .requiredOption('-c, --client <number>', t('erp:cli.options.client'), clientOption(t))
    .addOption(new Option('-f, --format <format>', t('erp:cli.options.format')).choices(FORMAT_CHOICES).makeOptionMandatory())
    .option('-p, --period <YYYY-MM>', t('erp:cli.options.period'), periodOption(t))
    .option('--from <YYYY-MM-DD>', t('erp:cli.options.from'), dateOption(t))
    .option('--to <YYYY-MM-DD>', t('erp:cli.options.to'), dateOption(t))
    .option('-o, --output <file>', t('erp:cli.options.output'))
    .addHelpText(
      'after',
      examples(t, [
        'portal export create --client 1001 --period 2026-01 --format bmd -o jaenner.zip',
        'portal export create --client 1001 --from 2026-01-01 --to 2026-03-31 --format datev',
        'portal export create --client 1001 --period 2026-01 --format csv --dry-run',
        'portal export create --client 1001 --period 2026-01 --format json --json',
      ]),
    )
    .action(
      env.action((ctx, command) =>
        env.services.createExport(ctx, command.opts<{ client: number; format: ErpExportFormat; period?: string; from?: string; to?: string; output?: string }>()),
      ),
    )
}
