import type { RealTimeConnection } from '@feathersjs/feathers'
import { hasPermission } from '@portal/sdk/domain'
import type { SessionUser } from '@portal/sdk/services'
import type { Application } from './declarations'
import { loadSessionUser } from './authentication/index'

/** Channel of one client company: every connection that may see the company. */
export function companyChannel(companyNo: number): string {
  return `companies/${companyNo}`
}

/** Channel of one user's own connections (all their devices). */
export function userChannel(keycloakId: string): string {
  return `users/${keycloakId}`
}

/** Channel of administrators (adm). */
export const ADMINS_CHANNEL = 'admins'

/** Channel of user managers (kca), who see changes to every user. */
export const USER_ADMINS_CHANNEL = 'user-admins'

/** Joins a signed-in connection to the channels of what its user may see. */
function joinChannels(app: Application, connection: RealTimeConnection, user: SessionUser): void {
  for (const companyNo of user.klienten_array) app.channel(companyChannel(companyNo)).join(connection)
  app.channel(userChannel(user.keycloakId)).join(connection)
  if (hasPermission(user.permissions_array, 'adm')) app.channel(ADMINS_CHANNEL).join(connection)
  if (hasPermission(user.permissions_array, 'kca')) app.channel(USER_ADMINS_CHANNEL).join(connection)
}

/** Re-joins every open connection of a user from their current rights; a disabled user's sockets join nothing. */
async function refreshUserChannels(app: Application, keycloakId: string): Promise<void> {
  const connections = [...app.channel(userChannel(keycloakId)).connections]
  if (connections.length === 0) return
  const found = await loadSessionUser(app.get('knex'), keycloakId)
  for (const connection of connections) {
    // The socket may have closed meanwhile, leaving no channels at all (app.channel() throws on an empty list).
    if (app.channels.length > 0) app.channel(app.channels).leave(connection)
    if (found?.enabled) joinChannels(app, connection, found.user)
  }
}

interface CompanyRecord {
  company_no: number
}

const companyEvent = (app: Application) => (data: unknown) => {
  const companyNo = (data as Partial<CompanyRecord>).company_no
  // A record without a company goes nowhere rather than everywhere.
  return typeof companyNo === 'number' ? app.channel(companyChannel(companyNo)) : undefined
}

/**
 * Realtime channels: on login a connection joins `companies/<no>` for each company it may see (plus its
 * own user channel, `admins` for adm and `user-admins` for kca); events go only to the channel of the
 * record's company. Connections without login are in no channel and receive nothing.
 */
export function configureChannels(app: Application): void {
  app.on('login', (authResult: { user?: SessionUser }, params: { connection?: RealTimeConnection }) => {
    const { connection } = params ?? {}
    if (!connection || !authResult?.user) return
    // A re-authentication (e.g. another user on the same socket) starts from no channels.
    // (app.channel() throws on an empty list, which is the case on the very first login.)
    if (app.channels.length > 0) app.channel(app.channels).leave(connection)
    joinChannels(app, connection, authResult.user)
  })
  app.on('logout', (_authResult: unknown, params: { connection?: RealTimeConnection }) => {
    if (params?.connection && app.channels.length > 0) app.channel(app.channels).leave(params.connection)
  })

  // A user manager's change (companies, permissions, disabling) applies to that user's open sockets at once.
  const users = app as unknown as { service(path: 'users'): { on(event: string, listener: (user: { keycloakId?: string }) => void): void } }
  users.service('users').on('patched', (changed) => {
    if (changed.keycloakId) {
      refreshUserChannels(app, changed.keycloakId).catch((error: unknown) =>
        app.get('logger').error({ err: error }, 'refreshing a changed user’s channels failed'),
      )
    }
  })

  // Nothing is published unless a service says where it goes.
  app.publish(() => undefined)
  const services = app as unknown as {
    service(path: string): { publish(publisher: (data: unknown) => unknown): void }
  }
  for (const path of ['acc-suppliers', 'company-settings', 'documents', 'aggregator']) services.service(path).publish(companyEvent(app))
  services.service('users').publish((data) => {
    const user = data as { keycloakId?: string }
    const channels = [app.channel(USER_ADMINS_CHANNEL)]
    if (user.keycloakId) channels.push(app.channel(userChannel(user.keycloakId)))
    return channels
  })
}
