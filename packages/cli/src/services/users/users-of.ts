import type { PortalClient } from '@portal/sdk/client'
import type { User, UsersQuery } from '@portal/sdk/services'
import { CliError } from '../../errors'

const PAGE = 1000

/** Every user matching the query, page by page. */
export async function allUsers(client: PortalClient, query: UsersQuery): Promise<User[]> {
  const users: User[] = []
  for (;;) {
    const page = await client.service('users').find({ query: { ...query, $limit: PAGE, $skip: users.length } })
    users.push(...page.data)
    if (page.data.length === 0 || users.length >= page.total) return users
  }
}

/** The user with exactly this e-mail (case-insensitive), or a CliError naming it. */
export async function userByEmail(client: PortalClient, email: string): Promise<User> {
  const wanted = email.trim().toLowerCase()
  const page = await client.service('users').find({ query: { search: email.trim(), $limit: 100 } })
  const user = page.data.find((candidate) => candidate.email.toLowerCase() === wanted)
  if (!user) throw new CliError('users:cli.notFound', { email })
  return user
}
