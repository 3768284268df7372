import { DATE_TIME, formatDate } from '@portal/sdk/i18n'
import type { User } from '@portal/sdk/services'
import type { CommandContext } from '../../context'
import { renderDetails, renderTable } from '../../ui'
import { withPortal } from '../session/with-portal'
import { allUsers, userByEmail } from './users-of'

/** Flags of `portal users list`. */
export interface ListUsersOptions {
  permission?: string
  client?: number
  disabled?: boolean
}

function access(ctx: CommandContext, user: User): string {
  const { t } = ctx
  if (user.clientAccess === 'all') return user.excluded.length > 0 ? t('users:access.allExcept', { clients: user.excluded.join(', ') }) : t('users:access.all')
  return user.klienten.length > 0 ? user.klienten.join(', ') : t('users:access.none')
}

function when(ctx: CommandContext, iso: string | null): string {
  return iso ? formatDate(iso, ctx.lang, DATE_TIME) : ctx.t('users:state.never')
}

/** Lists users: e-mail, name, permissions, client access, enabled, last sign-in; filtered by permission, client, disabled. */
export async function listUsers(ctx: CommandContext, options: ListUsersOptions): Promise<void> {
  const users = await withPortal(ctx, (client) =>
    allUsers(client, {
      ...(options.permission ? { permission: options.permission } : {}),
      ...(options.client ? { client: options.client } : {}),
      ...(options.disabled ? { enabled: false } : {}),
    }),
  )
  if (ctx.json) {
    ctx.printJson(users)
    return
  }
  const { t } = ctx
  if (users.length === 0) {
    ctx.status(t('users:cli.empty'))
    return
  }
  renderTable(
    ctx.io.stdout,
    [
      { key: 'email', header: t('users:columns.email') },
      { key: 'name', header: `${t('users:columns.lastName')}, ${t('users:columns.firstName')}` },
      { key: 'permissions', header: t('users:columns.permissions') },
      { key: 'clients', header: t('users:columns.klienten') },
      { key: 'enabled', header: t('users:columns.enabled') },
      { key: 'lastLogin', header: t('users:columns.lastLogin') },
    ],
    users.map((user) => ({
      email: user.email,
      name: `${user.lastName}, ${user.firstName}`,
      permissions: user.permissions.join(' '),
      clients: access(ctx, user),
      enabled: user.enabled ? t('users:cli.yes') : t('users:cli.no'),
      lastLogin: when(ctx, user.lastLogin),
    })),
  )
}

/** Shows one user with every column of the user manager and their latest audited changes. */
export async function showUser(ctx: CommandContext, email: string): Promise<void> {
  const { user, changes } = await withPortal(ctx, async (client) => {
    const found = await userByEmail(client, email)
    const audit = await client.service('audit-log').find({ query: { entity: 'user', targetId: found.id, $limit: 10 } })
    return { user: found, changes: audit.data }
  })
  if (ctx.json) {
    ctx.printJson({ ...user, changes })
    return
  }
  const { t } = ctx
  renderDetails(ctx.io.stdout, [
    { label: t('users:columns.email'), value: user.email },
    { label: t('users:columns.username'), value: user.username },
    { label: t('users:columns.firstName'), value: user.firstName },
    { label: t('users:columns.lastName'), value: user.lastName },
    { label: t('users:columns.telNr'), value: user.telNr ?? '' },
    { label: t('users:columns.permissions'), value: user.permissions.join(' ') },
    { label: t('users:columns.klienten'), value: access(ctx, user) },
    { label: t('users:columns.mobileApp'), value: user.mobileApp ? t('users:cli.yes') : t('users:cli.no') },
    { label: t('users:columns.enabled'), value: user.enabled ? t('users:state.enabled') : t('users:state.disabled') },
    { label: t('users:columns.lastLogin'), value: when(ctx, user.lastLogin) },
  ])
  if (changes.length === 0) return
  ctx.io.stdout.write(`${t('users:cli.recent')}\n`)
  for (const entry of changes) {
    ctx.io.stdout.write(`  ${when(ctx, entry.at)}  ${entry.actorName ?? '-'}: ${t(`users:audit.action.${entry.action}`, { defaultValue: entry.action })}\n`)
  }
}
