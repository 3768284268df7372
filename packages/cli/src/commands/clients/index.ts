import type { Command } from 'commander'
import type { CommandEnv } from '../env'
import { registerClientsList } from './list'

/** The `clients` noun and its verbs. */
export function registerClients(program: Command, env: CommandEnv): void {
  const clients = program.command('clients').description(env.t('commands.clients'))
  registerClientsList(clients, env)
}
