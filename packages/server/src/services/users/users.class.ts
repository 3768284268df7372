import type { Knex } from 'knex'
import { NotFound, NotImplemented } from '@feathersjs/errors'
import type { Page, User, UserPatch, UsersQuery } from '@portal/sdk/services'
import type { PortalParams } from '../../hooks/guard'
import { badRequest } from '../../policies/index'
import { findPage } from '../shared/paginate'

/**
 * API field -> SQL expression. This list is the only way user rows leave the server, so secrets such as
 * password_hash never do.
 */
const COLUMNS: Record<string, string> = {
  id: 'users.id',
  keycloakId: 'users.keycloak_id',
  username: 'users.username',
  email: 'users.email',
  firstName: 'users.first_name',
  lastName: 'users.last_name',
  telNr: 'users.tel_nr',
  locale: 'users.locale',
  favClient: 'users.fav_client',
  permissions: 'users.permissions',
  clientAccess: 'users.client_access',
  mobileApp: 'users.mobile_app',
  enabled: 'users.enabled',
  lastLogin: 'users.last_login',
}

/** Column of each patchable field (klienten and excluded live in user_clients). */
const PATCH_COLUMNS: Partial<Record<keyof UserPatch, string>> = {
  locale: 'locale',
  favClient: 'fav_client',
  firstName: 'first_name',
  lastName: 'last_name',
  telNr: 'tel_nr',
  permissions: 'permissions',
  clientAccess: 'client_access',
  mobileApp: 'mobile_app',
  enabled: 'enabled',
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** Portal users: the user manager's list (kca) and everyone's own preferences. */
export class UsersService {
  constructor(private readonly knex: Knex) {}

  /** Answers a page of users, with their assigned and excluded companies. */
  async find(params: PortalParams = {}): Promise<Page<User>> {
    const query = (params.query ?? {}) as UsersQuery
    const builder = this.knex('users')
    if (query.enabled !== undefined) builder.where('users.enabled', query.enabled)
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
      columns: COLUMNS,
      defaultLimit: 100,
      defaultSort: { email: 1 },
    })
    if (query.$select) return page
    return { ...page, data: await this.withClients(page.data) }
  }

  /** Answers one user by id or keycloakId. */
  async get(id: string | number): Promise<User> {
    const user = await this.byId(String(id))
    if (!user) throw new NotFound('No such user', { key: 'errors:type.NotFound', params: {} })
    return user
  }

  /** Changes a user; klienten and excluded replace that user's company assignments. */
  async patch(id: string | number, data: UserPatch): Promise<User> {
    const existing = await this.byId(String(id))
    if (!existing) throw new NotFound('No such user', { key: 'errors:type.NotFound', params: {} })
    await this.assertCompaniesExist('favClient', typeof data.favClient === 'number' ? [data.favClient] : [])
    await this.assertCompaniesExist('klienten', data.klienten ?? [])
    await this.assertCompaniesExist('excluded', data.excluded ?? [])
    await this.knex.transaction(async (trx) => {
      const changes: Record<string, unknown> = {}
      for (const [field, column] of Object.entries(PATCH_COLUMNS)) {
        const value = data[field as keyof UserPatch]
        if (value !== undefined) changes[column] = value
      }
      if (Object.keys(changes).length > 0) {
        await trx('users')
          .where({ id: existing.id })
          .update({ ...changes, updated_at: trx.fn.now() })
      }
      for (const [mode, list] of [
        ['assigned', data.klienten],
        ['excluded', data.excluded],
      ] as const) {
        if (!list) continue
        await trx('user_clients').where({ user_id: existing.id, mode }).delete()
        if (list.length > 0) {
          await trx('user_clients')
            .insert(list.map((company_no) => ({ user_id: existing.id, company_no, mode })))
            .onConflict(['user_id', 'company_no'])
            .merge(['mode'])
        }
      }
    })
    return (await this.byId(existing.id))!
  }

  /** Creates a user (placeholder until user administration lands). */
  async create(): Promise<never> {
    throw new NotImplemented('users.create is not available yet')
  }

  /** Deletes a user (placeholder until user administration lands). */
  async remove(): Promise<never> {
    throw new NotImplemented('users.remove is not available yet')
  }

  /** The user with that id or keycloakId, or undefined. */
  async byId(id: string): Promise<User | undefined> {
    const select = Object.entries(COLUMNS).map(([field, column]) => this.knex.raw(`${column} as ??`, [field]))
    const builder = this.knex('users').first(select)
    if (UUID.test(id)) builder.where('users.id', id).orWhere('users.keycloak_id', id)
    else builder.where('users.keycloak_id', id)
    const row = (await builder) as User | undefined
    if (!row) return undefined
    const [user] = await this.withClients([row])
    return user
  }

  private async assertCompaniesExist(field: string, companies: readonly number[]): Promise<void> {
    if (companies.length === 0) return
    const found = (await this.knex('companies').whereIn('company_no', companies).select('company_no')) as {
      company_no: number
    }[]
    const missing = companies.filter((no) => !found.some((row) => Number(row.company_no) === no))
    if (missing.length > 0) {
      throw badRequest(`Invalid value for "${field}": unknown company ${missing.join(', ')}`, 'errors:query.unknownCompany', {
        field,
        companies: missing.join(', '),
      })
    }
  }

  private async withClients(users: User[]): Promise<User[]> {
    if (users.length === 0) return users
    const rows = (await this.knex('user_clients')
      .whereIn(
        'user_id',
        users.map((user) => user.id),
      )
      .select('user_id', 'company_no', 'mode')
      .orderBy('company_no')) as { user_id: string; company_no: number; mode: string }[]
    return users.map((user) => ({
      ...user,
      klienten: rows.filter((row) => row.user_id === user.id && row.mode === 'assigned').map((row) => row.company_no),
      excluded: rows.filter((row) => row.user_id === user.id && row.mode === 'excluded').map((row) => row.company_no),
    }))
  }
}
