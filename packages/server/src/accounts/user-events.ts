import { usersPath, type User } from '@portal/sdk/services'
import type { Application } from '../declarations'
import { loadUsers } from '../models/user-records'

interface Emits {
  emit(event: string, data: unknown): boolean
}

/**
 * Publishes changed users as `patched` (or `removed`) on users, after the change committed: to the user's own
 * connections and to the user managers; the user's open sockets re-join their channels from the new rights and
 * the session cache forgets them (channels.ts, authentication).
 */
export async function emitUsersChanged(app: Application, ids: readonly string[]): Promise<User[]> {
  const users = await loadUsers(app.get('knex'), ids)
  const service = app.service(usersPath) as unknown as Emits
  for (const user of users) service.emit('patched', user)
  return users
}

/** Publishes a deleted user as `removed`. */
export function emitUserRemoved(app: Application, user: User): void {
  ;(app.service(usersPath) as unknown as Emits).emit('removed', user)
}
