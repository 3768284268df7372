import type { RealTimeConnection } from '@feathersjs/feathers'
import { hasPermission } from '@portal/sdk/domain'
import { can, serviceDescriptors, usersPath, type ServiceDescriptor, type ServiceMethod, type SessionUser, type User } from '@portal/sdk/services'
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

/** Channel of every signed-in connection: the firm's own records go to those of them who may read them. */
export const SIGNED_IN_CHANNEL = 'signed-in'

/** Channel of user managers (kca), who see changes to every user. */
export const USER_ADMINS_CHANNEL = 'user-admins'

/** The session user each signed-in connection joined its channels as: an event's audience is decided by `can`. */
const usersOf = new WeakMap<RealTimeConnection, SessionUser>()

/** Joins a signed-in connection to the channels of what its user may see. */
function joinChannels(app: Application, connection: RealTimeConnection, user: SessionUser): void {
  usersOf.set(connection, user)
  for (const companyNo of user.klienten_array) app.channel(companyChannel(companyNo)).join(connection)
  app.channel(userChannel(user.keycloakId)).join(connection)
  app.channel(SIGNED_IN_CHANNEL).join(connection)
  if (hasPermission(user.permissions_array, 'kca')) app.channel(USER_ADMINS_CHANNEL).join(connection)
}

/** Takes a connection out of every channel (a signed-out or disabled user's receives nothing). */
function leaveChannels(app: Application, connection: RealTimeConnection): void {
  usersOf.delete(connection)
  // The socket may have closed meanwhile, leaving no channels at all (app.channel() throws on an empty list).
  if (app.channels.length > 0) app.channel(app.channels).leave(connection)
}

/** Re-joins every open connection of a user from their current rights; a disabled user's sockets join nothing. */
async function refreshUserChannels(app: Application, keycloakId: string): Promise<void> {
  const connections = [...app.channel(userChannel(keycloakId)).connections]
  if (connections.length === 0) return
  const found = await loadSessionUser(app.get('knex'), keycloakId)
  for (const connection of connections) {
    leaveChannels(app, connection)
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

/** The method whose rule says who may read a service's records: find, else get (the document editor has no find). */
function readMethodOf(descriptor: ServiceDescriptor): ServiceMethod | undefined {
  return (['find', 'get'] as const).find((method) => descriptor.abilities[method] !== undefined)
}

/**
 * Where the events of a service are published, by its descriptor's audience. A company's record reaches the
 * connections of that company whose user may read it: `can` decides, with the descriptor's rule for find (else get)
 * and the rights the record itself asks for (`recordRequires`, e.g. an outgoing invoice's `lar`), exactly as a call
 * would be decided, so no one receives by event what they could not ask for.
 */
function publisherOf(app: Application, descriptor: ServiceDescriptor): Publisher {
  if (descriptor.events === 'user') {
    return (data) => {
      const { keycloakId } = data as Partial<User>
      const channels = [app.channel(USER_ADMINS_CHANNEL)]
      if (keycloakId) channels.push(app.channel(userChannel(keycloakId)))
      return channels
    }
  }
  const method = readMethodOf(descriptor)
  if (descriptor.events === 'firm') {
    return () => (method ? app.channel(SIGNED_IN_CHANNEL).filter((connection) => can(usersOf.get(connection), descriptor.path, method)) : undefined)
  }
  return (data) => {
    const companyNo = (data as Partial<CompanyRecord>).company_no
    // A record without a company goes nowhere rather than everywhere.
    if (typeof companyNo !== 'number' || !method) return undefined
    const target = { companyNo, recordRequires: descriptor.recordRequires?.(data) }
    return app.channel(companyChannel(companyNo)).filter((connection) => can(usersOf.get(connection), descriptor.path, method, target))
  }
}

/**
 * Realtime channels: on login a connection joins `companies/<no>` for each company it may see (plus its
 * own user channel, `signed-in` and `user-admins` for kca). Each service's events go where its SDK descriptor
 * says: to those connections of the record's company (or, for the firm's own records, of all) that may read the
 * record (the ability table decides), or to the user's own channel and `user-admins`. Connections without login are in no channel and receive nothing.
 */
export function configureChannels(app: Application): void {
  app.on('login', (authResult: { user?: SessionUser }, params: { connection?: RealTimeConnection }) => {
    const { connection } = params ?? {}
    if (!connection || !authResult?.user) return
    // A re-authentication (e.g. another user on the same socket) starts from no channels.
    leaveChannels(app, connection)
    joinChannels(app, connection, authResult.user)
  })
  app.on('logout', (_authResult: unknown, params: { connection?: RealTimeConnection }) => {
    if (params?.connection) leaveChannels(app, params.connection)
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
