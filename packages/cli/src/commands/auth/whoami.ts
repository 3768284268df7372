import type { Command } from 'commander'
import { examples, type CommandEnv } from '../env'

/** `portal whoami`: user, permissions, client companies. */
export function registerWhoami(program: Command, env: CommandEnv): void {
  program
    .command('whoami')
    .description(env.t('commands.whoami'))
    .addHelpText('after', examples(env.t, ['portal whoami', 'portal whoami --json | jq .user.permissions_array']))
    .action(env.action((ctx) => env.services.whoami(ctx)))
}
