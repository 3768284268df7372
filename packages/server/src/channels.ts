import type { RealTimeConnection } from '@feathersjs/feathers'
import { hasPermission } from '@portal/sdk/domain'
import { serviceDescriptors, usersPath, type ServiceDescriptor, type SessionUser, type User } from '@portal/sdk/services'
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

/** Channel of the connections whose user holds `permission`. */
export function permissionChannel(permission: string): string {
  return `permissions/${permission}`
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
  for (const permission of user.permissions_array) app.channel(permissionChannel(permission)).join(connection)
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

type Channel = ReturnType<Application['channel']>

/** Picks the channels an event of a service goes to. */
type Publisher = (data: unknown) => Channel | Channel[] | undefined

/** What publishing needs of a registered service, whichever it is. */
interface Publishes {
  publish(publisher: Publisher): unknown
}

/** Where the events of a service are published, by its descriptor's audience. */
function publisherOf(app: Application, descriptor: ServiceDescriptor): Publisher {
  const audience = descriptor.events
  if (audience === 'permitted') {
    // Only those who could read the record: the company's connections holding one of the permissions of get (or find).
    const anyOf = (descriptor.abilities.get ?? descriptor.abilities.find)?.anyOf ?? []
    return (data) => {
      const companyNo = (data as Partial<CompanyRecord>).company_no
      if (typeof companyNo !== 'number') return undefined
      const permitted = new Set(anyOf.flatMap((permission) => app.channel(permissionChannel(permission)).connections))
      return app.channel(companyChannel(companyNo)).filter((connection) => anyOf.length === 0 || permitted.has(connection))
    }
  }
  if (audience === 'company') {
    return (data) => {
      const companyNo = (data as Partial<CompanyRecord>).company_no
      // A record without a company goes nowhere rather than everywhere.
      return typeof companyNo === 'number' ? app.channel(companyChannel(companyNo)) : undefined
    }
  }
  if (audience === 'admins') {
    return (data) => {
      const companyNo = (data as Partial<CompanyRecord>).company_no
      if (typeof companyNo !== 'number') return undefined
      // Administrators who may see the company: the admins channel narrowed to the company's connections.
      const company = app.channel(companyChannel(companyNo))
      return app.channel(ADMINS_CHANNEL).filter((connection) => company.connections.includes(connection))
    }
  }
  return (data) => {
    const { keycloakId } = data as Partial<User>
    const channels = [app.channel(USER_ADMINS_CHANNEL)]
    if (keycloakId) channels.push(app.channel(userChannel(keycloakId)))
    return channels
  }
}

/**
 * Realtime channels: on login a connection joins `companies/<no>` for each company it may see (plus its
 * own user channel, `permissions/<code>` for each permission, `admins` for adm and `user-admins` for kca). Each
 * service's events go where its SDK descriptor says: to the channel of the record's company (all of it, or those of
 * its connections holding the service's permission), or to the user's own channel and `user-admins`.
 * Connections without login are in no channel and receive nothing.
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
  app.service(usersPath).on('patched', (changed: User) => {
    if (changed.keycloakId) {
      refreshUserChannels(app, changed.keycloakId).catch((error: unknown) =>
        app.get('logger').error({ err: error }, 'refreshing a changed user’s channels failed'),
      )
    }
  })

  // Nothing is published unless a service's descriptor says where its events go.
  app.publish(() => undefined)
  for (const descriptor of serviceDescriptors) {
    if (descriptor.events === 'none') continue
    const service: Publishes = app.service(descriptor.path)
    service.publish(publisherOf(app, descriptor))
  }
}
