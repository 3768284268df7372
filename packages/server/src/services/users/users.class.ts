import type { Knex } from 'knex'
import type { Application } from '../../declarations'
import { NotFound } from '@feathersjs/errors'
import type { CreatedUser, Page, User, UserCreate, UserPatch, UsersQuery } from '@portal/sdk/services'
import type { PortalParams } from '../../hooks/guard'
import { forbidden } from '../../policies/index'
import { createUser } from '../../commands/createUser'
import { deleteUser } from '../../commands/deleteUser'
import { updateUser } from '../../commands/updateUser'
import { loadUser, USER_COLUMNS, withClients } from '../../models/user-records'
import { findPage } from '../shared/paginate'

function callerOf(params: PortalParams) {
  if (!params.user) throw forbidden()
  return params.user
}

/** Portal users: the user manager (kca) lists, creates, changes and deletes; everyone changes their own preferences. */
export class UsersService {
  private readonly knex: Knex

  constructor(private readonly app: Application) {
    this.knex = app.get('knex')
  }

  /** Answers a page of users, with their assigned and excluded companies; filters by permission and client. */
  async find(params: PortalParams = {}): Promise<Page<User>> {
    const query = (params.query ?? {}) as UsersQuery
    const builder = this.knex('users')
    if (query.enabled !== undefined) builder.where('users.enabled', query.enabled)
    if (query.permission !== undefined) builder.whereRaw('? = any(users.permissions)', [query.permission])
    if (query.client !== undefined) {
      const client = query.client
      // Assigned to the company, or all clients and not excluded from it.
      builder.where((where) =>
        where
          .where((assigned) =>
            assigned.where('users.client_access', 'assigned').whereExists((sub) =>
              sub.select(this.knex.raw('1')).from('user_clients').whereRaw('user_clients.user_id = users.id').where({ company_no: client, mode: 'assigned' }),
            ),
          )
          .orWhere((all) =>
            all.where('users.client_access', 'all').whereNotExists((sub) =>
              sub.select(this.knex.raw('1')).from('user_clients').whereRaw('user_clients.user_id = users.id').where({ company_no: client, mode: 'excluded' }),
            ),
          ),
      )
    }
    if (query.search !== undefined) {
      const pattern = `%${query.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
      builder.where((where) =>
        where
          .whereILike('users.email', pattern)
          .orWhereILike('users.username', pattern)
          .orWhereILike('users.first_name', pattern)
          .orWhereILike('users.last_name', pattern),
      )
    }
    const page = await findPage<User>(this.knex, builder, query, {
      columns: USER_COLUMNS,
      defaultLimit: 100,
      defaultSort: { email: 1 },
    })
    if (query.$select) return page
    return { ...page, data: await withClients(this.knex, page.data) }
  }

  /** Answers one user by id or keycloakId. */
  async get(id: string | number): Promise<User> {
    const user = await this.byId(String(id))
    if (!user) throw new NotFound('No such user', { key: 'errors:type.NotFound', params: {} })
    return user
  }

  /** Creates a user; they get a one-time link to set their password (see commands/createUser). */
  async create(data: UserCreate, params: PortalParams = {}): Promise<CreatedUser> {
    return createUser({ app: this.app, caller: callerOf(params), data })
  }

  /** Changes a user; klienten and excluded replace that user's company assignments (see commands/updateUser). */
  async patch(id: string | number, data: UserPatch, params: PortalParams = {}): Promise<User> {
    return updateUser({ app: this.app, caller: callerOf(params), id: String(id), data })
  }

  /** Deletes a user (see commands/deleteUser). */
  async remove(id: string | number, params: PortalParams = {}): Promise<User> {
    return deleteUser({ app: this.app, caller: callerOf(params), id: String(id) })
  }

  /** The user with that id or keycloakId, or undefined. */
  async byId(id: string): Promise<User | undefined> {
    return loadUser(this.knex, id)
  }
}
