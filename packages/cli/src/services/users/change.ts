import type { UserChange } from '@portal/sdk/domain'
import type { CommandContext } from '../../context'
import { withPortal } from '../session/with-portal'
import { confirmChange } from './confirm'
import { runChanges } from './run-changes'
import { userByEmail } from './users-of'

/** Flags of `portal users create|edit`. */
export interface UserFlags {
  first?: string
  last?: string
  addPermission?: string[]
  removePermission?: string[]
  addClient?: number[]
  removeClient?: number[]
  allClients?: boolean
  assignedClients?: boolean
  excludeClient?: number[]
  yes?: boolean
}

/** The flags' access changes as one change row. */
export function changeOf(email: string, flags: UserFlags): UserChange {
  return {
    email,
    ...(flags.addPermission?.length ? { addPermissions: flags.addPermission } : {}),
    ...(flags.removePermission?.length ? { removePermissions: flags.removePermission } : {}),
    ...(flags.addClient?.length ? { addClients: flags.addClient } : {}),
    ...(flags.removeClient?.length ? { removeClients: flags.removeClient } : {}),
    ...(flags.allClients ? { allClients: true } : flags.assignedClients ? { allClients: false } : {}),
    ...(flags.excludeClient?.length ? { excludeClients: flags.excludeClient } : {}),
  }
}

/**
 * Creates a user with the form's rules (checked by the server) and prints how they set their password: "sent by
 * e-mail", or the one-time link on stdout (it is shown only now).
 */
export async function createUser(ctx: CommandContext, email: string, flags: UserFlags): Promise<void> {
  const created = await withPortal(ctx, (client) =>
    client.service('users').create({
      email,
      firstName: flags.first ?? '',
      lastName: flags.last ?? '',
      permissions: flags.addPermission ?? [],
      clientAccess: flags.allClients ? 'all' : 'assigned',
      klienten: flags.allClients ? [] : (flags.addClient ?? []),
      excluded: flags.excludeClient ?? [],
    }),
  )
  if (ctx.json) {
    ctx.printJson(created)
    return
  }
  ctx.status(ctx.t('users:created', { email: created.email }))
  if (created.setup.delivery === 'mail') ctx.status(ctx.t('users:setup.mailed', { email: created.email }))
  else if (created.setup.delivery === 'external') ctx.status(ctx.t('users:external.notHere'))
  else {
    ctx.status(ctx.t('users:setup.linkOnce', { email: created.email, hours: 72 }))
    ctx.io.stdout.write(`${created.setup.link}\n`)
  }
}

/** Changes a user: names directly, permissions and client access through the previewed, audited bulk change. */
export async function editUser(ctx: CommandContext, email: string, flags: UserFlags): Promise<void> {
  if (flags.first !== undefined || flags.last !== undefined) {
    await withPortal(ctx, async (client) => {
      const user = await userByEmail(client, email)
      if (ctx.dryRun) return
      await client.service('users').patch(user.id, {
        ...(flags.first !== undefined ? { firstName: flags.first } : {}),
        ...(flags.last !== undefined ? { lastName: flags.last } : {}),
      })
    })
  }
  const change = changeOf(email, flags)
  if (Object.keys(change).length > 1 || (flags.first === undefined && flags.last === undefined)) await runChanges(ctx, [change], { yes: true })
  else if (!ctx.json) ctx.status(ctx.t('users:saved'))
}

/** Enables or disables a user (disabling ends their open sessions at once; enabling undoes it, so no question). */
export async function setUserEnabled(ctx: CommandContext, email: string, enabled: boolean): Promise<void> {
  await runChanges(ctx, [{ email, enabled }], { yes: true })
}

/** Deletes a user after confirmation (--yes in scripts). */
export async function deleteUser(ctx: CommandContext, email: string, yes: boolean | undefined): Promise<void> {
  const removed = await withPortal(ctx, async (client) => {
    const user = await userByEmail(client, email)
    if (ctx.dryRun) return user
    await confirmChange(ctx, ctx.t('users:deleteConfirm', { email: user.email }), yes)
    return client.service('users').remove(user.id)
  })
  if (ctx.json) ctx.printJson(removed)
  else if (!ctx.dryRun) ctx.status(ctx.t('users:deleted', { email: removed.email }))
}
