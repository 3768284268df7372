import type { Command } from 'commander'
import { examples, type CommandEnv } from '../env'

/** `portal users apply FILE [--dry-run] [--yes]`. */
export function registerUsersApply(users: Command, env: CommandEnv): void {
  const { t } = env
  users
    .command('apply')
    .description(t('users:cli.commands.apply'))
    .argument('<file>', t('users:cli.options.file'))
    .option('-y, --yes', t('users:cli.options.yes'))
    .addHelpText('after', examples(t, ['portal users apply changes.csv --dry-run', 'portal users apply changes.csv', 'portal users apply changes.json --yes']))
    .action(env.action((ctx, command) => env.services.applyUsers(ctx, command.args[0], command.opts<{ yes?: boolean }>())))
}
