import { InvalidArgumentError, Option, type Command } from 'commander'
import { PAIN_VERSIONS, RUN_GROUPINGS } from '@portal/sdk/domain'
import { examples, type CommandEnv } from '../env'
import { clientOption, dateOption } from '../export/options'
import type { CreateRunOptions, ProposeOptions } from '../../services/payments/propose'

/** Parses a run number or an item list. */
function idsOption(env: CommandEnv) {
  return (value: string): number[] => {
    const ids = value.split(',').map((part) => part.trim())
    if (ids.some((id) => !/^\d{1,9}$/.test(id) || Number(id) < 1)) throw new InvalidArgumentError(env.t('unpaid:runs.cli.badIds', { value }))
    return ids.map(Number)
  }
}
const runId = (env: CommandEnv, raw: string | undefined): number => idsOption(env)(raw ?? '')[0]

/** The `payments` noun (pay): `portal payments propose|create|release|download`. */
export function registerPayments(program: Command, env: CommandEnv): void {
  const { t } = env
  const payments = program.command('payments').description(t('unpaid:runs.cli.description'))
  const days = (value: string): number => {
    if (!/^\d{1,3}$/.test(value) || Number(value) > 366) throw new InvalidArgumentError(t('unpaid:runs.cli.badDays', { value }))
    return Number(value)
  }
  payments
    .command('propose')
    .description(t('unpaid:runs.cli.propose'))
    .requiredOption('-c, --client <number>', t('unpaid:runs.cli.client'), clientOption(t))
    .option('--date <YYYY-MM-DD>', t('unpaid:runs.cli.date'), dateOption(t))
    .option('--days <n>', t('unpaid:runs.cli.days'), days)
    .addHelpText('after', examples(t, ['portal payments propose --client 1001 --days 14', 'portal payments propose --client 1001 --json']))
    .action(env.action((ctx, command) => env.services.proposePayments(ctx, command.opts<ProposeOptions>())))
  payments
    .command('create')
    .description(t('unpaid:runs.cli.create'))
    .requiredOption('-c, --client <number>', t('unpaid:runs.cli.client'), clientOption(t))
    .option('--items <ids>', t('unpaid:runs.cli.items'), idsOption(env))
    .option('--proposed', t('unpaid:runs.cli.proposed'))
    .option('--credit-notes <ids>', t('unpaid:runs.cli.creditNotes'), idsOption(env))
    .option('--date <YYYY-MM-DD>', t('unpaid:runs.cli.date'), dateOption(t))
    .option('--days <n>', t('unpaid:runs.cli.days'), days)
    .addOption(new Option('--grouping <grouping>', t('unpaid:runs.cli.grouping')).choices([...RUN_GROUPINGS]))
    .addOption(new Option('--format <version>', t('unpaid:runs.cli.format')).choices([...PAIN_VERSIONS]))
    .option('-o, --output <file>', t('unpaid:runs.cli.output'))
    .addHelpText('after', examples(t, ['portal payments create --client 1001 --proposed', 'portal payments create --client 1001 --items 12,15 --format pain.001.001.03 --json', 'portal payments create --client 1001 --items 12,15 --credit-notes 31']))
    .action(env.action((ctx, command) => env.services.createPaymentRun(ctx, command.opts<CreateRunOptions>())))
  payments
    .command('release')
    .description(t('unpaid:runs.cli.release'))
    .argument('<run>', t('unpaid:runs.cli.run'))
    .addHelpText('after', examples(t, ['portal payments release 7']))
    .action(env.action((ctx, command) => env.services.releasePaymentRun(ctx, runId(env, command.args[0]))))
  payments
    .command('download')
    .description(t('unpaid:runs.cli.download'))
    .argument('<run>', t('unpaid:runs.cli.run'))
    .option('-o, --output <file>', t('unpaid:runs.cli.output'))
    .addHelpText('after', examples(t, ['portal payments download 7 -o lauf-7.xml']))
    .action(env.action((ctx, command) => env.services.downloadPaymentRun(ctx, runId(env, command.args[0]), command.opts<{ output?: string }>().output)))
}
