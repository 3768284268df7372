import type { PortalClient } from '@portal/sdk/client'
import { errorDataOf } from '@portal/sdk/errors'
import type { CommandContext } from '../../context'
import { CliError } from '../../errors'
import { renderFonConflicts } from '../../ui/render-fon-conflicts'
import { openSessionOrLogin } from '../session/open-or-login'
import { createConflictsWatcher } from './watch-conflicts'

/** Resolves one conflict with a remark; a refusal (stale version, no remark) is told in the user's language. */
export function createConflictResolver(ctx: CommandContext, client: PortalClient) {
  return ({ id, remark, version }: { id: number; remark: string; version: number }) =>
    client
      .service('fon-items')
      .patch(id, { action: 'resolve', remark, version })
      .catch((error: unknown) => {
        const data = errorDataOf(error)
        throw new Error(data ? ctx.t(data.key, data.params) : (error as Error).message)
      })
}

/**
 * `portal fon conflicts`: the terminal app's conflicts screen on its own (in `portal tui`, Ctrl+F opens it). Walks the open conflicts live, shows both sides and
 * resolves the chosen one with a typed remark; a colleague's resolution in the web leaves the list at once.
 */
export async function fonConflicts(ctx: CommandContext): Promise<void> {
  if (!ctx.io.stdin.isTTY || !ctx.io.stdout.isTTY) throw new CliError('tui.needsTty')
  const session = await openSessionOrLogin(ctx)
  try {
    await renderFonConflicts(ctx.io, { t: ctx.t, watch: createConflictsWatcher(session.client), resolve: createConflictResolver(ctx, session.client) })
  } finally {
    session.close()
  }
}
