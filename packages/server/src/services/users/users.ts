import { NotFound } from '@feathersjs/errors'
import type { HookContext } from '@feathersjs/feathers'
import { hasPermission } from '@portal/sdk/domain'
import { usersDescriptor, type UserPatch } from '@portal/sdk/services'
import type { Application } from '../../declarations'
import type { PortalParams } from '../../hooks/guard'
import { forbidden } from '../../policies/index'
import { commandsPublish } from '../shared/own-events'
import { registerService } from '../shared/register'
import { UsersService } from './users.class'

/**
 * Registers users: kca finds, gets, creates, patches and removes anyone; every signed-in user patches their own locale and
 * favClient (SPEC §1: a user changes only their own language; other personal data is the firm's).
 */
export function configureUsersService(app: Application): void {
  const service = new UsersService(app)
  registerService(app, usersDescriptor, service, {
    target: async (context: HookContext) => {
      if (context.method === 'find' || context.method === 'create') return {}
      const caller = (context.params as PortalParams).user
      const record = await service.byId(String(context.id))
      if (!record) {
        // Only a user manager may learn that a user does not exist.
        if (caller && hasPermission(caller.permissions_array, 'kca')) {
          throw new NotFound('No such user', { key: 'errors:type.NotFound', params: {} })
        }
        throw forbidden()
      }
      const own = caller !== undefined && record.keycloakId === caller.keycloakId
      const data = (context.data ?? {}) as UserPatch
      const fields = context.method === 'patch' ? Object.keys(data) : ['*']
      // A favourite client must be one of the caller's own companies.
      if (own && typeof data.favClient === 'number' && !caller.klienten_array.includes(data.favClient)) {
        throw forbidden()
      }
      return { own, fields }
    },
  })
  // The commands publish the changed users themselves (bulk changes too, and without create's one-time link).
  commandsPublish(app, usersDescriptor.path, ['create', 'patch', 'remove'])
}
