import type { Command } from 'commander'
import { examples, type CommandEnv } from '../env'

/** `portal logout`: revoke and forget the tokens. */
export function registerLogout(program: Command, env: CommandEnv): void {
  program
    .command('logout')
    .description(env.t('commands.logout'))
    .addHelpText('after', examples(env.t, ['portal logout', 'portal logout --server https://portal.example.at']))
    .action(env.action((ctx) => env.services.logout(ctx)))
}
