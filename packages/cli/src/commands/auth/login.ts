import type { Command } from 'commander'
import { examples, type CommandEnv } from '../env'

/** `portal login [--server URL]`: device-code sign-in. */
export function registerLogin(program: Command, env: CommandEnv): void {
  program
    .command('login')
    .description(env.t('commands.login'))
    .addHelpText('after', examples(env.t, ['portal login', 'portal login --server https://portal.example.at']))
    .action(env.action((ctx) => env.services.login(ctx)))
}
