import type { Command } from 'commander'
import { examples, type CommandEnv } from '../env'
import { clientOption as companyOption } from '../export/options'
import type { ListUsersOptions } from '../../services/users/list'

/** `portal users list [--permission P] [--client N] [--disabled]` and `portal users show EMAIL`. */
export function registerUsersList(users: Command, env: CommandEnv): void {
  const { t } = env
  users
    .command('list')
    .alias('ls')
    .description(t('users:cli.commands.list'))
    .option('--permission <code>', t('users:cli.options.permission'))
    .option('-c, --client <number>', t('users:cli.options.client'), companyOption(t))
    .option('--disabled', t('users:cli.options.disabled'))
    .addHelpText('after', examples(t, ['portal users list', 'portal users list --permission kca', 'portal users list --client 1001 --json']))
    .action(env.action((ctx, command) => env.services.listUsers(ctx, command.opts<ListUsersOptions>())))
  users
    .command('show')
    .description(t('users:cli.commands.show'))
    .argument('<email>', t('users:cli.options.email'))
    .addHelpText('after', examples(t, ['portal users show anna@kanzlei.at']))
    .action(env.action((ctx, command) => env.services.showUser(ctx, command.args[0])))
}
