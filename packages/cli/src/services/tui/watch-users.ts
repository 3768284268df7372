import type { PortalClient } from '@portal/sdk/client'
import type { UserChange } from '@portal/sdk/domain'
import type { User, UserBulkData, UserBulkResult } from '@portal/sdk/services'
import { allUsers } from '../users/users-of'

/** Live users for the terminal app's users screen: loaded now and again after any change to a user (debounced). */
export function createUsersWatcher(client: PortalClient) {
  return (onChange: (users: User[]) => void): (() => void) => {
    let stopped = false
    let timer: ReturnType<typeof setTimeout> | undefined
    const load = () => {
      allUsers(client, {}).then(
        (users) => {
          if (!stopped) onChange(users)
        },
        () => undefined,
      )
    }
    const later = () => {
      clearTimeout(timer)
      timer = setTimeout(load, 200)
    }
    const service = client.service('users') as unknown as { on(event: string, listener: () => void): void; removeListener(event: string, listener: () => void): void }
    for (const event of ['created', 'patched', 'removed']) service.on(event, later)
    load()
    return () => {
      stopped = true
      clearTimeout(timer)
      for (const event of ['created', 'patched', 'removed']) service.removeListener(event, later)
    }
  }
}

/** Runs a bulk change on the server (a dry run for the preview, then for real). */
export function createUsersApplier(client: PortalClient) {
  return (changes: UserChange[], dryRun: boolean): Promise<UserBulkResult> =>
    client.service('user-bulk').create({ changes: changes as UserBulkData['changes'], dryRun })
}
