import { errorDataOf } from '@portal/sdk/errors'
import type { CommandContext } from '../../context'
import { CliError, NotSignedInError } from '../../errors'
import { renderFonConflicts } from '../../ui'
import { login } from '../auth/login'
import { openSession } from '../session/open-session'
import { createConflictsWatcher } from './watch-conflicts'

/**
 * `portal fon conflicts`: the terminal app's conflicts screen. Walks the open conflicts live, shows both sides and
 * resolves the chosen one with a typed remark; a colleague's resolution in the web leaves the list at once.
 */
export async function fonConflicts(ctx: CommandContext): Promise<void> {
  if (!ctx.io.stdin.isTTY || !ctx.io.stdout.isTTY) throw new CliError('tui.needsTty')
  const session = await openSession(ctx).catch(async (error: unknown) => {
    if (!(error instanceof NotSignedInError) || ctx.json) throw error
    await login(ctx)
    return openSession(ctx)
  })
  try {
    const items = session.client.service('fon-items')
    await renderFonConflicts(ctx.io, {
      t: ctx.t,
      watch: createConflictsWatcher(session.client),
      resolve: ({ id, remark, version }) =>
        items.patch(id, { action: 'resolve', remark, version }).catch((error: unknown) => {
          const data = errorDataOf(error)
          throw new Error(data ? ctx.t(data.key, data.params) : (error as Error).message)
        }),
    })
  } finally {
    session.close()
  }
}
