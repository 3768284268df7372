import type { Command } from 'commander'
import { examples, type CommandEnv } from '../env'

/** `portal clients list`: number, name, place of each company. */
export function registerClientsList(clients: Command, env: CommandEnv): void {
  clients
    .command('list')
    .alias('ls')
    .description(env.t('commands.clientsList'))
    .addHelpText('after', examples(env.t, ['portal clients list', 'portal clients list --json | jq ".[].company_no"']))
    .action(env.action((ctx) => env.services.listClients(ctx)))
}
