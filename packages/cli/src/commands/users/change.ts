import type { Command } from 'commander'
import { examples, type CommandEnv } from '../env'
import type { UserFlags } from '../../services/users/change'
import { userFlags } from './options'

/** `portal users create|edit EMAIL …`, `enable`, `disable`, `delete`. */
export function registerUsersChange(users: Command, env: CommandEnv): void {
  const { t } = env
  userFlags(users.command('create').description(t('users:cli.commands.create')).argument('<email>', t('users:cli.options.email')), t)
    .addHelpText('after', examples(t, ['portal users create anna@kanzlei.at --first Anna --last Huber --add-permission doc --add-client 1001']))
    .action(env.action((ctx, command) => env.services.createUser(ctx, command.args[0], command.opts<UserFlags>())))
  userFlags(users.command('edit').description(t('users:cli.commands.edit')).argument('<email>', t('users:cli.options.email')), t)
    .addHelpText('after', examples(t, ['portal users edit anna@kanzlei.at --add-permission rep --remove-client 1003', 'portal users edit anna@kanzlei.at --all-clients --exclude-client 1006']))
    .action(env.action((ctx, command) => env.services.editUser(ctx, command.args[0], command.opts<UserFlags>())))
  for (const enabled of [true, false]) {
    const verb = enabled ? 'enable' : 'disable'
    users
      .command(verb)
      .description(t(`users:cli.commands.${verb}`))
      .argument('<email>', t('users:cli.options.email'))
      .addHelpText('after', examples(t, [`portal users ${verb} anna@kanzlei.at`]))
      .action(env.action((ctx, command) => env.services.setUserEnabled(ctx, command.args[0], enabled)))
  }
  users
    .command('delete')
    .description(t('users:cli.commands.delete'))
    .argument('<email>', t('users:cli.options.email'))
    .option('-y, --yes', t('users:cli.options.yes'))
    .addHelpText('after', examples(t, ['portal users delete anna@kanzlei.at', 'portal users delete anna@kanzlei.at --yes']))
    .action(env.action((ctx, command) => env.services.deleteUser(ctx, command.args[0], command.opts<{ yes?: boolean }>().yes)))
}
