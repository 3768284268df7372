import type { Command } from 'commander'
import { examples, type CommandEnv } from '../env'
import { companyOption } from './options'

/** `portal scanners list [--client N]`: the scanners with location, company, activation, last seen, today, last error. */
export function registerScannersList(scanners: Command, env: CommandEnv): void {
  scanners
    .command('list')
    .alias('ls')
    .description(env.t('scanners:cli.commands.list'))
    .option('-c, --client <number>', env.t('scanners:cli.options.company'), companyOption(env.t))
    .addHelpText('after', examples(env.t, ['portal scanners list', 'portal scanners list --json']))
    .action(env.action((ctx, command) => env.services.listScanners(ctx, command.opts<{ client?: number }>())))
}
