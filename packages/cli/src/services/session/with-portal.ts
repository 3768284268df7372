import type { PortalClient } from '@portal/sdk/client'
import { errorDataOf } from '@portal/sdk/errors'
import type { CommandContext } from '../../context'
import { CliError } from '../../errors'
import { openSession } from './open-session'
import { toCliError } from './server-errors'
import { explainForeignCompany } from './foreign-company'

/**
 * Runs service calls on a signed-in connection and closes it; a refusal the server explains (an i18n key: a missing
 * permission, a foreign company, a field's rule) is told in the user's language, and a 401 means signing in again.
 */
export async function withPortal<T>(
  ctx: CommandContext,
  work: (client: PortalClient) => Promise<T>,
  /** The company the work is for (--client): a refusal names it when it is not one of the user's. */
  { company }: { company?: number } = {},
): Promise<T> {
  const session = await openSession(ctx)
  try {
    return await work(session.client)
  } catch (error) {
    const foreign = await explainForeignCompany(ctx, company, error)
    throw foreign === error ? explainServerError(ctx, error) : foreign
  } finally {
    session.close()
  }
}

/**
 * What a refusal of the server means to the user: one it explains (an i18n key: a missing permission, a foreign company,
 * a field's rule, a limit) told in the user's language; a 401 means signing in again; the rest as toCliError says.
 */
export function explainServerError(ctx: CommandContext, error: unknown): unknown {
  const data = errorDataOf(error)
  const code = (error as { code?: unknown }).code
  if (data && code !== 401) return new CliError('errors.server', { message: ctx.t(data.key, { ...data.params, defaultValue: (error as Error).message }) })
  return toCliError(error, ctx.server)
}
