import type { Command } from 'commander'
import type { CommandEnv } from '../env'
import { registerUsersApply } from './apply'
import { registerUsersChange } from './change'
import { registerUsersList } from './list'

/** The `users` noun and its verbs (user managers, permission kca). */
export function registerUsers(program: Command, env: CommandEnv): void {
  const users = program.command('users').description(env.t('users:cli.commands.users'))
  registerUsersList(users, env)
  registerUsersChange(users, env)
  registerUsersApply(users, env)
}
