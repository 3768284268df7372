import type { UserChange } from '@portal/sdk/domain'
import type { UserBulkData, UserBulkResult } from '@portal/sdk/services'
import type { PortalClient } from '@portal/sdk/client'
import type { CommandContext } from '../../context'
import { CliError } from '../../errors'
import { writeLine } from '../../io'
import { withPortal } from '../session/with-portal'
import { confirmChange } from './confirm'
import { explainedLineErrors, printDiffs, printLineErrors } from './print-changes'

/** How a change list is run: asked first unless --yes; `lines` names each change's line in a file. */
export interface RunChangesOptions {
  yes?: boolean
  lines?: readonly number[]
}

async function bulk(client: PortalClient, changes: readonly UserChange[], dryRun: boolean): Promise<UserBulkResult> {
  return client.service('user-bulk').create({ changes: changes as UserBulkData['changes'], dryRun })
}

/**
 * Runs a change list the safe way: the server's dry run checks every row (unknown users, codes, clients,
 * self-lockout) and answers the diff, which is printed; with --dry-run that is all. Otherwise the user confirms
 * (or --yes) and the whole list is applied in one transaction. A refused row is named by its line, and nothing
 * changes.
 */
export async function runChanges(ctx: CommandContext, changes: readonly UserChange[], options: RunChangesOptions = {}): Promise<void> {
  const lineOf = (row: number) => options.lines?.[row] ?? row + 1
  const result = await withPortal(ctx, async (client) => {
    const preview = await bulk(client, changes, true)
    if (preview.errors.length > 0) return preview
    if (!ctx.json) printDiffs(ctx, preview.diffs)
    if (ctx.dryRun || preview.diffs.length === 0) return preview
    await confirmChange(ctx, ctx.t('users:bulk.confirm', { count: preview.diffs.length }), options.yes)
    return bulk(client, changes, false)
  })
  if (result.errors.length > 0) {
    if (ctx.json) ctx.printJson({ ...result, errors: explainedLineErrors(ctx, result.errors) })
    else printLineErrors(ctx, result.errors.map((error) => ({ ...error, line: lineOf(error.row) })))
    throw new CliError('users:bulk.invalid', { count: result.errors.length })
  }
  if (ctx.json) {
    ctx.printJson(result)
    return
  }
  const counts = { changed: result.diffs.length, unchanged: result.unchanged }
  if (result.diffs.length === 0) writeLine(ctx.io.stderr, ctx.t('users:bulk.nothing'))
  else ctx.status(ctx.t(result.applied ? 'users:bulk.summary' : 'users:bulk.dryRunSummary', counts))
}
