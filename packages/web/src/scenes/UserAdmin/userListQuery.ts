import { isPermission } from '@portal/sdk/domain'
import type { UsersQuery } from '@portal/sdk/services'

/** Users shown per page; the server pages, so thousands of users never load at once. */
export const USER_PAGE_SIZE = 50

/** Columns the server can sort by (a subset of `userFields`). */
export const USER_SORT_FIELDS = ['username', 'email', 'lastName', 'firstName', 'lastLogin', 'enabled'] as const

/** One sortable column. */
export type UserSortField = (typeof USER_SORT_FIELDS)[number]

/** What the list shows: search, filters, order and page; kept in the URL so a reload or a link lands on the same list. */
export interface UserListParams {
  search: string
  /** A permission code, or '' for any. */
  permission: string
  /** A company number, or 0 for any. */
  client: number
  enabled: 'yes' | 'no' | ''
  sort: UserSortField
  desc: boolean
  /** 0-based page. */
  page: number
}

/** The list as it opens: everyone, by e-mail. */
export const DEFAULT_USER_LIST: UserListParams = { search: '', permission: '', client: 0, enabled: '', sort: 'email', desc: false, page: 0 }

const isSortField = (value: string | null): value is UserSortField => (USER_SORT_FIELDS as readonly string[]).includes(value ?? '')

/** Reads the list's state from the URL; anything unknown falls back to the default. */
export function readUserListParams(search: URLSearchParams): UserListParams {
  const permission = search.get('permission') ?? ''
  const client = Number(search.get('client'))
  const enabled = search.get('enabled')
  const sort = search.get('sort')
  const page = Number(search.get('page'))
  return {
    search: (search.get('q') ?? '').slice(0, 100),
    permission: isPermission(permission) ? permission : '',
    client: Number.isInteger(client) && client > 0 ? client : 0,
    enabled: enabled === 'yes' || enabled === 'no' ? enabled : '',
    sort: isSortField(sort) ? sort : DEFAULT_USER_LIST.sort,
    desc: search.get('dir') === 'desc',
    page: Number.isInteger(page) && page > 0 ? page : 0,
  }
}

/** Writes the list's state into the URL, leaving out what is the default. */
export function writeUserListParams(params: UserListParams, base?: URLSearchParams): URLSearchParams {
  const out = new URLSearchParams(base)
  const put = (key: string, value: string, fallback: string) => (value && value !== fallback ? out.set(key, value) : out.delete(key))
  put('q', params.search.trim(), '')
  put('permission', params.permission, '')
  put('client', params.client > 0 ? String(params.client) : '', '')
  put('enabled', params.enabled, '')
  put('sort', params.sort, DEFAULT_USER_LIST.sort)
  put('dir', params.desc ? 'desc' : '', '')
  put('page', params.page > 0 ? String(params.page) : '', '')
  return out
}

/** The users.find query of one page of the list; a tie-break on e-mail keeps pages stable when values repeat. */
export function usersQuery(params: UserListParams): UsersQuery {
  const direction = params.desc ? -1 : 1
  const query: UsersQuery = {
    $limit: USER_PAGE_SIZE,
    $skip: params.page * USER_PAGE_SIZE,
    $sort: params.sort === 'email' ? { email: direction } : { [params.sort]: direction, email: 1 },
  }
  const search = params.search.trim()
  if (search) query.search = search
  if (params.permission) query.permission = params.permission
  if (params.client > 0) query.client = params.client
  if (params.enabled) query.enabled = params.enabled === 'yes'
  return query
}

/** True when a search or a filter narrows the list (the empty state then says so). */
export function isNarrowed(params: UserListParams): boolean {
  return Boolean(params.search.trim() || params.permission || params.client > 0 || params.enabled)
}
