import type { CommandContext } from '../../context'
import { CliError } from '../../errors'
import { renderTui } from '../../ui/render-tui'
import { openSessionOrLogin } from '../session/open-or-login'
import { createCountsWatcher } from './watch-counts'
import { createDocumentsWatcher } from './watch-documents'
import { createUsersApplier, createUsersWatcher } from './watch-users'
import { createConflictsWatcher } from '../fon/watch-conflicts'
import { createConflictResolver } from '../fon/conflicts'

/** `portal tui`: signs in with the stored session, loads the companies, runs the Ink app. */
export async function runTui(ctx: CommandContext): Promise<void> {
  if (!ctx.io.stdin.isTTY || !ctx.io.stdout.isTTY) throw new CliError('tui.needsTty')
  // Like the web, the app starts with a sign-in when there is no session.
  const session = await openSessionOrLogin(ctx)
  try {
    const companies = await session.client.service('accounting-client').find()
    const { user } = session
    await renderTui(ctx.io, {
      t: ctx.t,
      userLabel: `${user.firstName} ${user.lastName} <${user.email}>`,
      companies,
      watchCounts: createCountsWatcher(session.client, user),
      watchDocuments: createDocumentsWatcher(session.client),
      // The users screen, for user managers (kca) only.
      users: user.permissions_array.includes('kca') ? { watchUsers: createUsersWatcher(session.client), applyChanges: createUsersApplier(session.client) } : undefined,
      // The FON conflicts screen, for administrators (adm) only.
      fonConflicts: user.permissions_array.includes('adm') ? { watch: createConflictsWatcher(session.client), resolve: createConflictResolver(ctx, session.client) } : undefined,
    })
  } finally {
    session.close()
  }
}
