import type { AccountingClient, SessionUser } from '@portal/sdk/services'
import type { CommandContext } from '../../context'
import { openSession } from './open-session'

/** Signs in, reads the companies the user may see, and closes the connection. */
export async function signedInCompanies(ctx: CommandContext): Promise<{ user: SessionUser; companies: AccountingClient[] }> {
  const session = await openSession(ctx)
  try {
    return { user: session.user, companies: await session.client.service('accounting-client').find() }
  } finally {
    session.close()
  }
}
